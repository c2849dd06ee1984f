import { and, asc, eq, isNull } from "drizzle-orm";
import type { Scope } from "../../contract/scopes.ts";
import type { Db } from "../db/client.ts";
import { apiKeys, members, users } from "../db/schema/index.ts";
import { mintApiKey } from "../platform/api-keys.ts";
import { announceAuthChange, invalidateAuthCache } from "../platform/auth-cache.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";

export interface CreateKeyInput {
  brandspaceId: string;
  userEmail: string;
  name: string;
  scopes: Scope[];
  /** The region segment to mint; null mints a legacy key (`bsk_<secret>`, meaning `us`). */
  region: string | null;
}

/** Creates a key acting as a member of the brandspace. The plain key is returned once and never stored. */
export async function createApiKey(db: Db, input: CreateKeyInput) {
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(members, and(eq(members.userId, users.id), eq(members.brandspaceId, input.brandspaceId)))
    .where(eq(users.email, input.userEmail));
  if (!creator) throw notFound("member", { email: input.userEmail });
  if (input.scopes.length === 0) {
    throw new ApiError("validation_error", "A key needs at least one scope.", {
      errors: [{ param: "scopes", message: "must not be empty" }],
    });
  }
  const minted = mintApiKey(input.region);
  const id = newId("apiKey");
  await db.insert(apiKeys).values({
    id,
    brandspaceId: input.brandspaceId,
    userId: creator.id,
    name: input.name,
    lookup: minted.lookup,
    secretHash: minted.hash,
    region: input.region,
    scopes: input.scopes,
  });
  return { id, key: minted.key, prefix: minted.prefix };
}

export async function listApiKeys(db: Db, brandspaceId: string) {
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

/** Revokes a key at once: the next request with it answers 401. */
export async function revokeApiKey(db: Db, brandspaceId: string, keyId: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.brandspaceId, brandspaceId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) throw notFound("active API key", { id: keyId });
  invalidateAuthCache();
  await announceAuthChange(db);
  return row;
}
