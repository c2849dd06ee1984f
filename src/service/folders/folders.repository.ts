import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { inVisibleLibraries } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import { files, folders } from "../db/schema/index.ts";
import { fileEventColumns } from "../files/files.repository.ts";
import type { CallerContext } from "../platform/context.ts";
import { keysetAfter } from "../platform/keyset.ts";

export const folderColumns = {
  id: folders.id,
  name: folders.name,
  libraryId: folders.libraryId,
  parentId: folders.parentId,
  color: folders.color,
  createdById: folders.createdById,
  createdAt: folders.createdAt,
  updatedAt: folders.updatedAt,
  trashedAt: folders.trashedAt,
  hiddenBy: folders.hiddenBy,
};
export type FolderRow = Pick<typeof folders.$inferSelect, keyof typeof folderColumns>;

export const activeFolder = and(isNull(folders.trashedAt), isNull(folders.hiddenBy))!;

export async function findFolder(db: Db, brandspaceId: string, id: string): Promise<FolderRow | null> {
  const [row] = await db
    .select(folderColumns)
    .from(folders)
    .where(and(eq(folders.brandspaceId, brandspaceId), eq(folders.id, id)));
  return row ?? null;
}

export interface FolderListScope {
  libraryId?: string;
  /** Direct children of this folder; `null` means a library's top level. */
  parentId?: string | null;
  /** Restrict to these folders (a recursive listing's subtree). */
  within?: string[];
  trashed: boolean;
}

/** Visible folders of a scope, by name then id (trash: most recently trashed first). */
export async function listFolders(
  { db, auth }: CallerContext,
  scope: FolderListScope,
  limit: number,
  after: [string, string] | null,
) {
  const conditions: (SQL | undefined)[] = [
    eq(folders.brandspaceId, auth.brandspace.id),
    await inVisibleLibraries({ db, auth }, folders.libraryId),
    scope.libraryId ? eq(folders.libraryId, scope.libraryId) : undefined,
    scope.parentId === null
      ? isNull(folders.parentId)
      : scope.parentId
        ? eq(folders.parentId, scope.parentId)
        : undefined,
    scope.within ? inArray(folders.id, scope.within) : undefined,
    scope.trashed ? isNotNull(folders.trashedAt) : activeFolder,
  ];
  if (scope.trashed) {
    if (after)
      conditions.push(
        keysetAfter(
          [folders.trashedAt, folders.id],
          [sql`${after[0]}::timestamptz`, sql`${after[1]}`],
          "desc",
        ),
      );
    return db
      .select(folderColumns)
      .from(folders)
      .where(and(...conditions))
      .orderBy(desc(folders.trashedAt), desc(folders.id))
      .limit(limit);
  }
  // By name without regard to case, as files sort by name; the cursor holds the last name as it is.
  const byName = sql`lower(${folders.name})`;
  if (after)
    conditions.push(keysetAfter([byName, folders.id], [sql`lower(${after[0]})`, sql`${after[1]}`], "asc"));
  return db
    .select(folderColumns)
    .from(folders)
    .where(and(...conditions))
    .orderBy(asc(byName), asc(folders.id))
    .limit(limit);
}

export async function insertFolder(
  db: Db,
  values: Pick<
    typeof folders.$inferInsert,
    "id" | "brandspaceId" | "libraryId" | "parentId" | "name" | "color" | "createdById"
  >,
): Promise<FolderRow> {
  const [row] = await db.insert(folders).values(values).returning(folderColumns);
  return row!;
}

export async function updateFolderRow(
  db: Db,
  id: string,
  changes: Partial<Pick<FolderRow, "name" | "color" | "parentId" | "libraryId" | "trashedAt">>,
): Promise<FolderRow> {
  const [row] = await db
    .update(folders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(folders.id, id))
    .returning(folderColumns);
  return row!;
}

export async function countChildren(db: Db, folderId: string) {
  const [folderCount] = await db
    .select({ n: count() })
    .from(folders)
    .where(and(eq(folders.parentId, folderId), activeFolder));
  const [fileCount] = await db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.folderId, folderId), isNull(files.trashedAt), isNull(files.hiddenBy)));
  return { folders: Number(folderCount?.n ?? 0), files: Number(fileCount?.n ?? 0) };
}

/** Carries a subtree (folder ids) and the files in it, whatever their trash state, to another library. */
export async function moveSubtreeToLibrary(db: Db, subtree: string[], libraryId: string) {
  const movedFolders = await db
    .update(folders)
    .set({ libraryId })
    .where(inArray(folders.id, subtree))
    .returning(folderColumns);
  const movedFiles = await db
    .update(files)
    .set({ libraryId })
    .where(inArray(files.folderId, subtree))
    .returning(fileEventColumns);
  return { movedFolders, movedFiles };
}

/**
 * Deletes the files, then the folders, of a subtree; answers the files it deleted. By folder, not by file id: a
 * folder may hold more files than one statement may carry parameters (65,535).
 */
export async function deleteSubtreeRows(db: Db, folderIds: string[]) {
  const deleted = await db
    .delete(files)
    .where(inArray(files.folderId, folderIds))
    .returning(fileEventColumns);
  await db.delete(folders).where(inArray(folders.id, folderIds));
  return deleted;
}
