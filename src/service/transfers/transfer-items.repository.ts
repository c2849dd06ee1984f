import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, fileVersions, folders } from "../db/schema/index.ts";

/** Active files with the bytes of their active version: by id, in folders, or at a library's top level. */
export function filesWithBlobs(db: Db, where: { ids?: string[]; folderIds?: string[]; libraryTop?: string }) {
  const scope = where.ids
    ? inArray(files.id, where.ids)
    : where.libraryTop
      ? and(eq(files.libraryId, where.libraryTop), isNull(files.folderId))
      : inArray(files.folderId, where.folderIds ?? []);
  return db
    .select({
      id: files.id,
      name: files.name,
      folderId: files.folderId,
      mime: files.mime,
      size: fileVersions.size,
      blobSha256: fileVersions.blobSha256,
    })
    .from(files)
    .innerJoin(fileVersions, eq(fileVersions.id, files.activeVersionId))
    .where(and(scope, isNull(files.trashedAt), isNull(files.hiddenBy)));
}

/** Every active folder of a library, in one statement (no list of ids to send). */
export function activeFoldersOfLibrary(db: Db, libraryId: string) {
  return db
    .select({ id: folders.id, name: folders.name, parentId: folders.parentId })
    .from(folders)
    .where(and(eq(folders.libraryId, libraryId), isNull(folders.trashedAt), isNull(folders.hiddenBy)));
}

/** Active folders among `ids`. */
export function activeFolders(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: folders.id, name: folders.name, parentId: folders.parentId })
    .from(folders)
    .where(and(inArray(folders.id, ids), isNull(folders.trashedAt), isNull(folders.hiddenBy)));
}
