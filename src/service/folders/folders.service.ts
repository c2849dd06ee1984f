import { inArray } from "drizzle-orm";
import type { FolderDetail } from "../../contract/folders.ts";
import { type Access, requireLibraryAccess } from "../access/library-access.ts";
import {
  ancestorsOf,
  hideSubtree,
  isActiveFolder,
  subtreeFolderIds,
  unhideSubtree,
} from "../content/subtree.ts";
import type { Db } from "../db/client.ts";
import { files, folders } from "../db/schema/index.ts";
import type { AuthContext } from "../platform/auth.ts";
import { type ApiError, conflict, notFound, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { folderEventData, toFolder } from "./folders.mapper.ts";
import * as repo from "./folders.repository.ts";

/** A folder the caller can see (in a visible library), with at least `needed` access; else 404/403. */
export async function requireFolder(db: Db, auth: AuthContext, id: string, needed: Access) {
  const folder = await repo.findFolder(db, auth.brandspace.id, id);
  if (!folder) throw notFound("folder");
  await requireLibraryAccess({ db, auth }, folder.libraryId, needed).catch((error: ApiError) => {
    throw error.code === "not_found" ? notFound("folder") : error;
  });
  return folder;
}

/** An active folder usable as a destination or parent; 404 when it is missing, invisible or in the trash. */
export async function requireActiveFolder(db: Db, auth: AuthContext, id: string, needed: Access) {
  const folder = await requireFolder(db, auth, id, needed);
  if (folder.trashedAt || folder.hiddenBy) throw notFound("folder");
  return folder;
}

const emitFolder = (
  db: Db,
  auth: AuthContext,
  type:
    | "folder.created"
    | "folder.updated"
    | "folder.moved"
    | "folder.trashed"
    | "folder.restored"
    | "folder.deleted",
  row: repo.FolderRow,
) =>
  emit(db, { brandspaceId: auth.brandspace.id, type, actor: actors.user(auth), data: folderEventData(row) });

export async function createFolder(
  db: Db,
  auth: AuthContext,
  input: { name: string; library_id: string; parent_id?: string | null; color?: string | null },
) {
  await requireLibraryAccess({ db, auth }, input.library_id, "edit");
  if (input.parent_id) {
    const parent = await requireActiveFolder(db, auth, input.parent_id, "edit");
    if (parent.libraryId !== input.library_id) {
      throw validationError([{ param: "parent_id", message: "belongs to another library" }]);
    }
  }
  const row = await repo.insertFolder(db, {
    id: newId("folder"),
    brandspaceId: auth.brandspace.id,
    libraryId: input.library_id,
    parentId: input.parent_id ?? null,
    name: input.name,
    color: input.color ?? null,
    createdById: auth.user.id,
  });
  await emitFolder(db, auth, "folder.created", row);
  return toFolder(row);
}

export async function getFolderDetail(db: Db, auth: AuthContext, id: string): Promise<FolderDetail> {
  const folder = await requireFolder(db, auth, id, "view");
  if (folder.hiddenBy) throw notFound("folder");
  const counts = await repo.countChildren(db, folder.id);
  return {
    ...toFolder(folder),
    path: await ancestorsOf(db, folder.id),
    file_count: counts.files,
    folder_count: counts.folders,
  };
}

export async function updateFolder(
  db: Db,
  auth: AuthContext,
  id: string,
  changes: { name?: string; color?: string | null },
) {
  await requireActiveFolder(db, auth, id, "edit");
  const row = await repo.updateFolderRow(db, id, changes);
  await emitFolder(db, auth, "folder.updated", row);
  return toFolder(row);
}

/** Exactly one destination: a library's top level, or into another folder. Carries the whole subtree. */
export async function moveFolder(
  db: Db,
  auth: AuthContext,
  id: string,
  to: { library_id?: string; folder_id?: string },
) {
  const folder = await requireActiveFolder(db, auth, id, "edit");
  let libraryId: string;
  let parentId: string | null;
  if (to.folder_id) {
    const target = await requireActiveFolder(db, auth, to.folder_id, "edit");
    const subtree = await subtreeFolderIds(db, folder.id);
    if (subtree.includes(target.id)) {
      throw validationError([
        { param: "folder_id", message: "cannot move a folder into itself or one of its descendants" },
      ]);
    }
    libraryId = target.libraryId;
    parentId = target.id;
  } else {
    libraryId = to.library_id!;
    await requireLibraryAccess({ db, auth }, libraryId, "edit");
    parentId = null;
  }
  if (libraryId !== folder.libraryId) {
    const subtree = await subtreeFolderIds(db, folder.id);
    await db.update(folders).set({ libraryId }).where(inArray(folders.id, subtree));
    await db.update(files).set({ libraryId }).where(inArray(files.folderId, subtree));
  }
  const row = await repo.updateFolderRow(db, folder.id, { libraryId, parentId });
  await emitFolder(db, auth, "folder.moved", row);
  return toFolder(row);
}

/** Moves the folder to the trash, hiding its subtree. */
export async function trashFolder(db: Db, auth: AuthContext, id: string) {
  const folder = await requireFolder(db, auth, id, "edit");
  if (folder.hiddenBy) throw notFound("folder");
  if (folder.trashedAt) throw conflict("The folder is already in the trash.");
  const row = await repo.updateFolderRow(db, id, { trashedAt: new Date() });
  await hideSubtree(db, id);
  await emitFolder(db, auth, "folder.trashed", row);
  return {
    object: "folder" as const,
    id,
    deleted: true as const,
    permanent: false,
    trashed_at: row.trashedAt!.toISOString(),
  };
}

/** Deletes the folder and everything below it irreversibly: `folder.deleted` by the user, `file.deleted` per file by the system. */
export async function deleteFolderPermanently(
  db: Db,
  auth: AuthContext,
  id: string,
  actor = actors.user(auth),
) {
  const folder = await requireFolder(db, auth, id, "edit");
  if (folder.hiddenBy) throw notFound("folder");
  await purgeFolder(db, auth.brandspace.id, folder, actor);
  return { object: "folder" as const, id, deleted: true as const, permanent: true, trashed_at: null };
}

/** The deletion itself, shared with the scheduled trash purge. */
export async function purgeFolder(
  db: Db,
  brandspaceId: string,
  folder: repo.FolderRow,
  actor: ReturnType<typeof actors.system>,
) {
  const subtree = await subtreeFolderIds(db, folder.id);
  const contained = await db
    .select({ id: files.id, name: files.name, libraryId: files.libraryId, folderId: files.folderId })
    .from(files)
    .where(inArray(files.folderId, subtree));
  for (const file of contained) {
    await emit(db, {
      brandspaceId,
      type: "file.deleted",
      actor: actors.system(),
      data: {
        object: "file",
        id: file.id,
        name: file.name,
        library_id: file.libraryId,
        folder_id: file.folderId,
      },
    });
  }
  if (contained.length > 0)
    await db.delete(files).where(
      inArray(
        files.id,
        contained.map((f) => f.id),
      ),
    );
  await db.delete(folders).where(inArray(folders.id, subtree));
  await emit(db, { brandspaceId, type: "folder.deleted", actor, data: folderEventData(folder) });
}

/** Restores a trashed folder and what its trashing hid, to its parent if that is active, else the library's top level. */
export async function restoreFolder(db: Db, auth: AuthContext, id: string) {
  const folder = await requireFolder(db, auth, id, "edit");
  if (folder.hiddenBy) throw notFound("folder");
  if (!folder.trashedAt) throw conflict("The folder is not in the trash.");
  const parentActive = folder.parentId ? await isActiveFolder(db, auth.brandspace.id, folder.parentId) : true;
  const row = await repo.updateFolderRow(db, id, {
    trashedAt: null,
    parentId: parentActive ? folder.parentId : null,
  });
  await unhideSubtree(db, id);
  await emitFolder(db, auth, "folder.restored", row);
  return toFolder(row);
}
