import { and, asc, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { inVisibleLibraries } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import { boardFiles, files, properties, propertyValues } from "../db/schema/index.ts";
import type { StoredPropertyValue } from "../files/files.repository.ts";
import { activeFile, groupedByFile } from "../files/files.repository.ts";
import type { CallerContext } from "../platform/context.ts";

/** A file list's condition narrowed to the files on the board. */
export const onBoardAnd = (boardId: string, where: SQL): SQL =>
  and(
    where,
    exists(
      sql`(select 1 from ${boardFiles} where ${boardFiles.boardId} = ${boardId} and ${boardFiles.fileId} = ${files.id})`,
    ),
  )!;

/** Of these ids, the active files the caller can see. */
export async function visibleFileIds(ctx: CallerContext, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.brandspaceId, ctx.auth.brandspace.id),
        inArray(files.id, ids),
        activeFile,
        await inVisibleLibraries(ctx, files.libraryId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Of these ids, the files already on the board. */
export async function filesOnBoard(db: Db, boardId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: boardFiles.fileId })
    .from(boardFiles)
    .where(and(eq(boardFiles.boardId, boardId), inArray(boardFiles.fileId, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertBoardFiles(db: Db, boardId: string, fileIds: string[], addedById: string) {
  if (fileIds.length === 0) return;
  await db
    .insert(boardFiles)
    .values(fileIds.map((fileId) => ({ boardId, fileId, addedById })))
    .onConflictDoNothing();
}

/** Takes the files off the board with their values of the board's properties. */
export async function deleteBoardFiles(db: Db, boardId: string, fileIds: string[]) {
  if (fileIds.length === 0) return;
  await db
    .delete(propertyValues)
    .where(
      and(
        inArray(propertyValues.fileId, fileIds),
        inArray(
          propertyValues.propertyId,
          db.select({ id: properties.id }).from(properties).where(eq(properties.boardId, boardId)),
        ),
      ),
    );
  await db
    .delete(boardFiles)
    .where(and(eq(boardFiles.boardId, boardId), inArray(boardFiles.fileId, fileIds)));
}

/** The files' values of the board's properties, in property position order. */
export async function boardValuesOf(
  db: Db,
  boardId: string,
  fileIds: string[],
): Promise<Map<string, StoredPropertyValue[]>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({
      fileId: propertyValues.fileId,
      propertyId: propertyValues.propertyId,
      type: properties.type,
      value: propertyValues.value,
    })
    .from(propertyValues)
    .innerJoin(properties, eq(properties.id, propertyValues.propertyId))
    .where(and(eq(properties.boardId, boardId), inArray(propertyValues.fileId, fileIds)))
    .orderBy(asc(properties.position));
  return groupedByFile(rows);
}

/** Files about to be deleted for good: named, every file of some folders, or every file of a library. */
export type DeletedFiles = { fileIds: string[] } | { folderIds: string[] } | { libraryId: string };

/** Takes the files off every board they are on; the (board, file) pairs taken off. */
export async function deleteBoardFilesOf(
  db: Db,
  deleted: DeletedFiles,
): Promise<{ boardId: string; fileId: string }[]> {
  const fileIds =
    "fileIds" in deleted
      ? deleted.fileIds
      : db
          .select({ id: files.id })
          .from(files)
          .where(
            "folderIds" in deleted
              ? inArray(files.folderId, deleted.folderIds)
              : eq(files.libraryId, deleted.libraryId),
          );
  if (Array.isArray(fileIds) && fileIds.length === 0) return [];
  return db
    .delete(boardFiles)
    .where(inArray(boardFiles.fileId, fileIds))
    .returning({ boardId: boardFiles.boardId, fileId: boardFiles.fileId });
}
