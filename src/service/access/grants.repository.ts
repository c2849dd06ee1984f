import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AccessLevel } from "../../contract/permissions.ts";
import type { Db } from "../db/client.ts";
import { boardGrants, boards, libraries, libraryGrants, users } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type GrantTarget = { type: "library" | "board"; id: string };

export interface GrantRow {
  type: "library" | "board";
  itemId: string;
  itemName: string;
  email: string;
  access: AccessLevel;
}

/** The library or board `target` names, if it is in the brandspace. */
export async function findTarget(db: Db, brandspaceId: string, target: GrantTarget) {
  const table = target.type === "library" ? libraries : boards;
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.brandspaceId, brandspaceId), eq(table.id, target.id)));
  return row ?? null;
}

/** Grants `access` on the target to the user, replacing the level of a grant they already have. */
export async function upsertGrant(db: Db, target: GrantTarget, userId: string, access: AccessLevel) {
  if (target.type === "library") {
    await db
      .insert(libraryGrants)
      .values({ libraryId: target.id, userId, access })
      .onConflictDoUpdate({ target: [libraryGrants.libraryId, libraryGrants.userId], set: { access } });
  } else {
    await db
      .insert(boardGrants)
      .values({ boardId: target.id, userId, access })
      .onConflictDoUpdate({ target: [boardGrants.boardId, boardGrants.userId], set: { access } });
  }
}

/** Removes the user's grant on the target; whether there was one. */
export async function deleteGrant(db: Db, target: GrantTarget, userId: string): Promise<boolean> {
  const deleted =
    target.type === "library"
      ? await db
          .delete(libraryGrants)
          .where(and(eq(libraryGrants.libraryId, target.id), eq(libraryGrants.userId, userId)))
          .returning({ userId: libraryGrants.userId })
      : await db
          .delete(boardGrants)
          .where(and(eq(boardGrants.boardId, target.id), eq(boardGrants.userId, userId)))
          .returning({ userId: boardGrants.userId });
  return deleted.length > 0;
}

/** Every grant on the brandspace's libraries and boards (or one user's), libraries first, by name then email. */
export async function listGrants(db: Db, brandspaceId: string, userId?: string): Promise<GrantRow[]> {
  const rows: GrantRow[] = [];
  for (const type of ["library", "board"] as const) {
    const { table, item } = grantTable(type);
    const items = type === "library" ? libraries : boards;
    rows.push(
      ...(await db
        .select({
          type: sql<typeof type>`${type}`,
          itemId: items.id,
          itemName: items.name,
          email: users.email,
          access: table.access,
        })
        .from(table)
        .innerJoin(items, eq(items.id, item))
        .innerJoin(users, eq(users.id, table.userId))
        .where(and(eq(items.brandspaceId, brandspaceId), userId ? eq(table.userId, userId) : undefined))
        .orderBy(asc(items.name), asc(items.id), asc(users.email))),
    );
  }
  return rows;
}

/** One grant on a library or board, with its member. */
export interface ItemGrantRow {
  userId: string;
  name: string;
  email: string;
  access: AccessLevel;
  createdAt: Date;
}

function grantTable(type: GrantTarget["type"]) {
  return type === "library"
    ? { table: libraryGrants, item: libraryGrants.libraryId }
    : { table: boardGrants, item: boardGrants.boardId };
}

/** The grants on the target, oldest first, after an optional keyset position (created at, user id). */
export async function grantsOn(
  db: Db,
  target: GrantTarget,
  { limit, after, userId }: { limit: number; after?: [string, string] | null; userId?: string },
): Promise<ItemGrantRow[]> {
  const { table, item } = grantTable(target.type);
  const conditions: (SQL | undefined)[] = [
    eq(item, target.id),
    userId ? eq(table.userId, userId) : undefined,
    after
      ? keysetAfter([table.createdAt, table.userId], [sql`${after[0]}::timestamptz`, sql`${after[1]}`], "asc")
      : undefined,
  ];
  return db
    .select({
      userId: table.userId,
      name: users.name,
      email: users.email,
      access: table.access,
      createdAt: table.createdAt,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(...conditions))
    .orderBy(asc(table.createdAt), asc(table.userId))
    .limit(limit);
}
