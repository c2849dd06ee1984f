import type { Actor } from "../../contract/events.ts";
import type { FolderDetail } from "../../contract/folders.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { takeDeletedOffBoards } from "../boards/boards-of-deleted.ts";
import { emitCascadedFileEvents } from "../content/cascaded-file-events.ts";
import {
  ancestorsOf,
  hideSubtree,
  isActiveFolder,
  subtreeFolderIds,
  unhideSubtree,
} from "../content/subtree.repository.ts";
import { requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext, SystemContext } from "../platform/context.ts";
import { conflict, notFound, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit, emitMany } from "../platform/outbox.ts";
import { revokeLinksOfDeleted } from "../shared-links/revoke-with-target.ts";
import {
  refuseTrashedFolder,
  requireActiveFolder,
  requireFolder,
  requireUnhiddenFolder,
} from "./folder-access.ts";
import { folderEventData, toFolder } from "./folders.mapper.ts";
import * as repo from "./folders.repository.ts";

type FolderEvent =
  | "folder.created"
  | "folder.updated"
  | "folder.moved"
  | "folder.trashed"
  | "folder.restored"
  | "folder.deleted";

const emitFolder = ({ db, auth }: ServiceContext, type: FolderEvent, row: repo.FolderRow) =>
  emit(db, { brandspaceId: auth.brandspace.id, type, actor: actors.user(auth), data: folderEventData(row) });

type FolderId = { folderId: string };

export async function createFolder(
  ctx: ServiceContext,
  input: { name: string; library_id: string; parent_id?: string | null; color?: string | null },
) {
  await requireLibraryAccess(ctx, input.library_id, "edit");
  requirePermission(ctx.auth, "files.edit", "organize folders");
  if (input.parent_id != null) {
    const parent = await requireActiveFolder(ctx, input.parent_id, "edit");
    if (parent.libraryId !== input.library_id) {
      throw validationError([{ param: "parent_id", message: "belongs to another library" }]);
    }
  }
  const row = await repo.insertFolder(ctx.db, {
    id: newId("folder"),
    brandspaceId: ctx.auth.brandspace.id,
    libraryId: input.library_id,
    parentId: input.parent_id ?? null,
    name: input.name,
    color: input.color ?? null,
    createdById: ctx.auth.user.id,
  });
  await emitFolder(ctx, "folder.created", row);
  return toFolder(row);
}

export async function getFolderDetail(ctx: ServiceContext, { folderId }: FolderId): Promise<FolderDetail> {
  const folder = await requireFolder(ctx, folderId, "view");
  if (folder.hiddenBy) throw notFound("folder");
  const counts = await repo.countChildren(ctx.db, folder.id);
  return {
    ...toFolder(folder),
    path: await ancestorsOf(ctx.db, folder.id),
    file_count: counts.files,
    folder_count: counts.folders,
  };
}

export async function updateFolder(
  ctx: ServiceContext,
  { folderId, changes }: FolderId & { changes: { name?: string; color?: string | null } },
) {
  const folder = await requireUnhiddenFolder(ctx, folderId, "edit");
  requirePermission(ctx.auth, "files.edit", "organize folders");
  refuseTrashedFolder(folder);
  const changed = changedFields(folder, { name: changes.name, color: changes.color });
  if (!changed) return toFolder(folder);
  const row = await repo.updateFolderRow(ctx.db, folderId, changed);
  await emitFolder(ctx, "folder.updated", row);
  return toFolder(row);
}

/** Where a moved folder lands: a library's top level, or into another folder (never its own subtree). */
async function resolveDestination(
  ctx: ServiceContext,
  folder: repo.FolderRow,
  to: { library_id?: string; folder_id?: string },
) {
  if (to.folder_id !== undefined) {
    const target = await requireActiveFolder(ctx, to.folder_id, "edit");
    const subtree = await subtreeFolderIds(ctx.db, folder.id);
    if (subtree.includes(target.id)) {
      throw validationError([
        { param: "folder_id", message: "cannot move a folder into itself or one of its descendants" },
      ]);
    }
    return { libraryId: target.libraryId, parentId: target.id as string | null };
  }
  const libraryId = to.library_id!;
  await requireLibraryAccess(ctx, libraryId, "edit");
  return { libraryId, parentId: null };
}

/** Exactly one destination: a library's top level, or into another folder. Carries the whole subtree. */
export async function moveFolder(
  ctx: ServiceContext,
  { folderId, to }: FolderId & { to: { library_id?: string; folder_id?: string } },
) {
  const folder = await requireUnhiddenFolder(ctx, folderId, "edit");
  requirePermission(ctx.auth, "files.edit", "organize folders");
  refuseTrashedFolder(folder);
  const destination = await resolveDestination(ctx, folder, to);
  if (!changedFields(folder, destination)) return toFolder(folder);
  if (destination.libraryId !== folder.libraryId) {
    const subtree = await subtreeFolderIds(ctx.db, folder.id);
    const { movedFolders, movedFiles } = await repo.moveSubtreeToLibrary(
      ctx.db,
      subtree,
      destination.libraryId,
    );
    // Its files and folders changed library with it: each is told as moved, by the system.
    await emitCascadedFileEvents(ctx.db, ctx.auth.brandspace.id, "file.moved", movedFiles);
    await emitMany(ctx.db, {
      brandspaceId: ctx.auth.brandspace.id,
      type: "folder.moved",
      actor: actors.system(),
      data: movedFolders.filter((moved) => moved.id !== folder.id).map(folderEventData),
    });
  }
  const row = await repo.updateFolderRow(ctx.db, folder.id, destination);
  await emitFolder(ctx, "folder.moved", row);
  return toFolder(row);
}

/** Trashes the folder (hiding its subtree), or with `permanent` deletes it and everything below it. */
export function deleteFolder(ctx: ServiceContext, input: FolderId & { permanent?: boolean }) {
  return input.permanent ? deleteFolderPermanently(ctx, input) : trashFolder(ctx, input);
}

/** Moves the folder to the trash, hiding its subtree. */
export async function trashFolder(ctx: ServiceContext, { folderId }: FolderId) {
  const folder = await requireFolder(ctx, folderId, "edit");
  if (folder.hiddenBy) throw notFound("folder");
  requirePermission(ctx.auth, "files.delete", "delete or restore folders");
  if (folder.trashedAt) throw conflict("The folder is already in the trash.");
  const row = await repo.updateFolderRow(ctx.db, folderId, { trashedAt: new Date() });
  await hideSubtree(ctx.db, folderId);
  await emitFolder(ctx, "folder.trashed", row);
  return {
    object: "folder" as const,
    id: folderId,
    deleted: true as const,
    permanent: false,
    trashed_at: row.trashedAt!.toISOString(),
  };
}

/** Deletes the folder and everything below it irreversibly: `folder.deleted` by the user, `file.deleted` per file by the system. */
export async function deleteFolderPermanently(ctx: ServiceContext, { folderId }: FolderId) {
  const folder = await requireFolder(ctx, folderId, "edit");
  if (folder.hiddenBy) throw notFound("folder");
  requirePermission(ctx.auth, "files.delete", "delete or restore folders");
  await purgeFolder(ctx, { brandspaceId: ctx.auth.brandspace.id, folder, actor: actors.user(ctx.auth) });
  return {
    object: "folder" as const,
    id: folderId,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}

/** The deletion itself, shared with the scheduled trash purge. */
export async function purgeFolder(
  { db }: Pick<SystemContext, "db">,
  { brandspaceId, folder, actor }: { brandspaceId: string; folder: repo.FolderRow; actor: Actor },
) {
  const subtree = await subtreeFolderIds(db, folder.id);
  await takeDeletedOffBoards(db, brandspaceId, { folderIds: subtree });
  // Rows first, events after: the deletion waits for a processing run that holds a file's rows, so an event that
  // run emits (file.processed) comes before this file.deleted, not after it.
  const contained = await repo.deleteSubtreeRows(db, subtree);
  // Each link's shared_link.deleted comes before its target's own event (docs/api.md).
  await revokeLinksOfDeleted(db, brandspaceId, { folder: subtree, file: contained.map((file) => file.id) });
  await emitCascadedFileEvents(db, brandspaceId, "file.deleted", contained);
  await emit(db, { brandspaceId, type: "folder.deleted", actor, data: folderEventData(folder) });
}

/** Restores a trashed folder and what its trashing hid, to its parent if that is active, else the library's top level. */
export async function restoreFolder(ctx: ServiceContext, { folderId }: FolderId) {
  const folder = await requireFolder(ctx, folderId, "edit");
  if (folder.hiddenBy) throw notFound("folder");
  requirePermission(ctx.auth, "files.delete", "delete or restore folders");
  if (!folder.trashedAt) throw conflict("The folder is not in the trash.");
  const parentActive = folder.parentId
    ? await isActiveFolder(ctx.db, ctx.auth.brandspace.id, folder.parentId)
    : true;
  const row = await repo.updateFolderRow(ctx.db, folderId, {
    trashedAt: null,
    parentId: parentActive ? folder.parentId : null,
  });
  await unhideSubtree(ctx.db, folderId);
  await emitFolder(ctx, "folder.restored", row);
  return toFolder(row);
}
