import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { boards, files, folders, libraries, sharedLinks } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type SharedLinkRow = typeof sharedLinks.$inferSelect;
export type TargetType = SharedLinkRow["targetType"];
export type Position = [string, string];

export async function insertLink(db: Db, values: typeof sharedLinks.$inferInsert): Promise<SharedLinkRow> {
  const [row] = await db.insert(sharedLinks).values(values).returning();
  return row!;
}

/** A live (not revoked) link of the brandspace, or null. */
export async function findLink(db: Db, brandspaceId: string, id: string): Promise<SharedLinkRow | null> {
  const [row] = await db
    .select()
    .from(sharedLinks)
    .where(
      and(eq(sharedLinks.id, id), eq(sharedLinks.brandspaceId, brandspaceId), isNull(sharedLinks.revokedAt)),
    );
  return row ?? null;
}

/** A live link by id alone: for signed URLs, which name the link but not its brandspace. */
export async function findLiveLinkById(db: Db, id: string): Promise<SharedLinkRow | null> {
  const [row] = await db
    .select()
    .from(sharedLinks)
    .where(and(eq(sharedLinks.id, id), isNull(sharedLinks.revokedAt)));
  return row ?? null;
}

export async function findLinkByToken(db: Db, token: string): Promise<SharedLinkRow | null> {
  const [row] = await db
    .select()
    .from(sharedLinks)
    .where(and(eq(sharedLinks.token, token), isNull(sharedLinks.revokedAt)));
  return row ?? null;
}

export async function updateLink(
  db: Db,
  id: string,
  changes: Partial<typeof sharedLinks.$inferInsert>,
): Promise<SharedLinkRow> {
  const [row] = await db
    .update(sharedLinks)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(sharedLinks.id, id))
    .returning();
  return row!;
}

export async function countView(db: Db, id: string) {
  await db
    .update(sharedLinks)
    .set({ viewCount: sql`${sharedLinks.viewCount} + 1` })
    .where(eq(sharedLinks.id, id));
}

export interface LinkListScope {
  brandspaceId: string;
  /** Only links of this file; otherwise every link but file-scoped ones. */
  fileId?: string;
  targetType?: TargetType;
  /** Restricts rows to targets the caller can see. */
  visible?: SQL;
}

/** Newest first. */
export async function listLinks(db: Db, scope: LinkListScope, limit: number, after: Position | null) {
  const conditions = [eq(sharedLinks.brandspaceId, scope.brandspaceId), isNull(sharedLinks.revokedAt)];
  if (scope.fileId)
    conditions.push(eq(sharedLinks.targetType, "file"), eq(sharedLinks.targetId, scope.fileId));
  else conditions.push(ne(sharedLinks.targetType, "file"));
  if (scope.targetType) conditions.push(eq(sharedLinks.targetType, scope.targetType));
  if (scope.visible) conditions.push(scope.visible);
  if (after)
    conditions.push(
      keysetAfter(
        [sharedLinks.createdAt, sharedLinks.id],
        [sql`${new Date(after[0])}`, sql`${after[1]}`],
        "desc",
      ),
    );
  return db
    .select()
    .from(sharedLinks)
    .where(and(...conditions))
    .orderBy(desc(sharedLinks.createdAt), desc(sharedLinks.id))
    .limit(limit);
}

/** Targets a caller can see: libraries and folders in visible libraries, visible boards. */
export function visibleTargets(db: Db, visibleLibraries: SQL, visibleBoards: SQL): SQL {
  const libraryIds = db.select({ id: libraries.id }).from(libraries).where(visibleLibraries);
  const folderIds = db
    .select({ id: folders.id })
    .from(folders)
    .where(
      inArray(folders.libraryId, db.select({ id: libraries.id }).from(libraries).where(visibleLibraries)),
    );
  const boardIds = db.select({ id: boards.id }).from(boards).where(visibleBoards);
  return or(
    and(eq(sharedLinks.targetType, "library"), inArray(sharedLinks.targetId, libraryIds)),
    and(eq(sharedLinks.targetType, "folder"), inArray(sharedLinks.targetId, folderIds)),
    and(eq(sharedLinks.targetType, "board"), inArray(sharedLinks.targetId, boardIds)),
    eq(sharedLinks.targetType, "file"),
  )!;
}

/** Current names of link targets, keyed `<type>:<id>`; gone targets are absent. */
export async function targetNames(db: Db, refs: { type: TargetType; id: string }[]) {
  const idsOf = (type: TargetType) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
  const names = new Map<string, string>();
  const load = async (
    type: TargetType,
    table: typeof files | typeof folders | typeof libraries | typeof boards,
  ) => {
    const ids = idsOf(type);
    if (ids.length === 0) return;
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids));
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  };
  await Promise.all([
    load("file", files),
    load("folder", folders),
    load("library", libraries),
    load("board", boards),
  ]);
  return names;
}
