import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { apiKeys, members, users } from "../db/schema/index.ts";

export type NewApiKeyRow = typeof apiKeys.$inferInsert;
/** A key as listed to an operator: never its hash. */
export type KeyListRow = Pick<
  typeof apiKeys.$inferSelect,
  "id" | "name" | "lookup" | "region" | "scopes" | "createdAt" | "lastUsedAt" | "revokedAt"
> &
  Pick<typeof users.$inferSelect, "email">;

/** The user id of the brandspace's member with this email, or null. */
export async function findMemberUserId(db: Db, brandspaceId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(members, and(eq(members.userId, users.id), eq(members.brandspaceId, brandspaceId)))
    .where(eq(users.email, email));
  return row?.id ?? null;
}

export async function insertApiKey(db: Db, values: NewApiKeyRow): Promise<void> {
  await db.insert(apiKeys).values(values);
}

/** Every key of the brandspace, revoked ones included, oldest first. */
export function listKeyRows(db: Db, brandspaceId: string): Promise<KeyListRow[]> {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      lookup: apiKeys.lookup,
      region: apiKeys.region,
      email: users.email,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.brandspaceId, brandspaceId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Marks an active key revoked; null when there is no such active key. */
export async function revokeKeyRow(db: Db, brandspaceId: string, keyId: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.brandspaceId, brandspaceId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return row ?? null;
}
