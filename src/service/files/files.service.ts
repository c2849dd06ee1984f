import type { File } from "../../contract/files.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { takeDeletedOffBoards } from "../boards/boards-of-deleted.ts";
import { isActiveFolder } from "../content/subtree.repository.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { unpublishLeavingPage } from "../pages/pages.service.ts";
import { requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { revokeLinksOfDeleted } from "../shared-links/revoke-with-target.ts";
import { findVersionById, type VersionRow } from "../versions/versions.repository.ts";
import { refuseTrashedFile, requireFile } from "./file-access.ts";
import { fileEventData, toFile } from "./files.mapper.ts";
import * as repo from "./files.repository.ts";

type FileEvent =
  | "file.created"
  | "file.updated"
  | "file.moved"
  | "file.trashed"
  | "file.restored"
  | "file.deleted";

const emitFile = ({ db, auth }: ServiceContext, type: FileEvent, row: repo.FileRow) =>
  emit(db, { brandspaceId: auth.brandspace.id, type, actor: actors.user(auth), data: fileEventData(row) });

type FileId = { fileId: string };

/** The full File answer (extended fields) of a row. */
export async function presentFile(ctx: ServiceContext, row: repo.FileRow): Promise<File> {
  const available = await repo.renditionsOf(ctx.db, row.activeVersionId ? [row.activeVersionId] : []);
  const values = await repo.brandspacePropertyValues(ctx.db, row.id);
  return toFile({ deps: ctx.deps, region: ctx.auth.brandspace.region }, row, available, values);
}

export async function getFile(ctx: ServiceContext, { fileId }: FileId) {
  return presentFile(ctx, await requireFile(ctx, fileId, "view"));
}

export async function updateFile(
  ctx: ServiceContext,
  { fileId, changes }: FileId & { changes: { name?: string; tags?: string[]; published?: boolean } },
) {
  const file = await requireFile(ctx, fileId, "edit");
  requirePermission(ctx.auth, "files.edit", "edit files");
  refuseTrashedFile(file);
  // A page's `published` is its public URL's, which has its own permission and events.
  if (file.kind === "page" && changes.published !== undefined)
    throw conflict("A page is published through /v1/pages/{pageId}/publish and /unpublish.");
  const tags = changes.tags ? [...new Set(changes.tags.map((t) => t.trim()))] : undefined;
  const changed = changedFields(file, { name: changes.name, tags, published: changes.published });
  if (!changed) return presentFile(ctx, file);
  const row = await repo.updateFileRow(ctx.db, fileId, changed);
  await emitFile(ctx, "file.updated", row);
  return presentFile(ctx, row);
}

interface Destination {
  library_id?: string;
  folder_id?: string;
  to_root?: true;
}

async function resolveDestination(ctx: ServiceContext, file: repo.FileRow, to: Destination) {
  if (to.folder_id !== undefined) {
    const folder = await requireActiveFolder(ctx, to.folder_id, "edit");
    return { libraryId: folder.libraryId, folderId: folder.id as string | null };
  }
  const libraryId = to.library_id ?? file.libraryId;
  await requireLibraryAccess(ctx, libraryId, "edit");
  return { libraryId, folderId: null };
}

export async function moveFile(ctx: ServiceContext, { fileId, to }: FileId & { to: Destination }) {
  const file = await requireFile(ctx, fileId, "edit");
  requirePermission(ctx.auth, "files.edit", "edit files");
  refuseTrashedFile(file);
  const destination = await resolveDestination(ctx, file, to);
  if (!changedFields(file, destination)) return presentFile(ctx, file);
  const row = await repo.updateFileRow(ctx.db, fileId, destination);
  await emitFile(ctx, "file.moved", row);
  return presentFile(ctx, row);
}

interface CopyTarget {
  ids: { fileId: string; versionId: string };
  place: { libraryId: string; folderId: string | null };
  brandspaceId: string;
  createdById: string;
  now: Date;
}

/** The rows of a copy: the file mirrors the copied version, which becomes the copy's version 1. */
function copyRows(file: repo.FileRow, version: VersionRow, target: CopyTarget) {
  const { ids, place, now } = target;
  return {
    file: {
      id: ids.fileId,
      brandspaceId: target.brandspaceId,
      ...place,
      name: file.name,
      extension: file.extension,
      kind: version.kind,
      mime: version.mime,
      size: version.size,
      status: version.status,
      durationMs: version.durationMs,
      width: version.width,
      height: version.height,
      activeVersionId: ids.versionId,
      tags: file.tags,
      published: false,
      createdById: target.createdById,
      createdAt: now,
      updatedAt: now,
    },
    version: {
      ...version,
      id: ids.versionId,
      fileId: ids.fileId,
      versionNumber: 1,
      createdById: target.createdById,
      createdAt: now,
    },
  };
}

/** A new file from the active version, with its renditions, tags and property values; emits `file.created`. */
export async function copyFile(ctx: ServiceContext, { fileId, to }: FileId & { to: Destination }) {
  const { db, auth } = ctx;
  const file = await requireFile(ctx, fileId, "view");
  requirePermission(ctx.auth, "files.upload", "copy files");
  refuseTrashedFile(file);
  const place = await resolveDestination(ctx, file, to);
  const version = await findVersionById(db, file.activeVersionId ?? "");
  if (!version) throw conflict("The file has no active version to copy.");
  const ids = { fileId: newId("file"), versionId: newId("version") };
  const now = new Date();
  const rows = copyRows(file, version, {
    ids,
    place,
    brandspaceId: auth.brandspace.id,
    createdById: auth.user.id,
    now,
  });
  await repo.insertFileWithVersion(db, rows.file, rows.version);
  await repo.copyVersionExtras(db, { fileId: file.id, versionId: version.id }, ids, now);
  const row = (await repo.findFile(db, auth.brandspace.id, ids.fileId))!;
  await emitFile(ctx, "file.created", row);
  // Every file settles once with `file.processed`, as an upload's does: a copy of a settled file at once (its
  // renditions came with it), a copy of a file still processing when its own version is processed.
  if (version.status !== "processing") {
    await emit(db, {
      brandspaceId: auth.brandspace.id,
      type: "file.processed",
      actor: actors.system(),
      data: fileEventData(row),
    });
  } else {
    await enqueueJob(
      db,
      { type: "media.process_version", payload: { versionId: ids.versionId } },
      { dedupeKey: `process:${ids.versionId}`, maxAttempts: 3 },
    );
  }
  return presentFile(ctx, row);
}

/** Trashes the file, or with `permanent` deletes it irreversibly. */
export function deleteFile(ctx: ServiceContext, input: FileId & { permanent?: boolean }) {
  return input.permanent ? deleteFilePermanently(ctx, input) : trashFile(ctx, input);
}

export async function trashFile(ctx: ServiceContext, { fileId }: FileId) {
  const file = await requireFile(ctx, fileId, "edit");
  requirePermission(ctx.auth, "files.delete", "delete or restore files");
  if (file.trashedAt) throw conflict("The file is already in the trash.");
  if (file.kind === "page") await unpublishLeavingPage(ctx, fileId);
  const row = await repo.updateFileRow(ctx.db, fileId, { trashedAt: new Date() });
  await emitFile(ctx, "file.trashed", row);
  return {
    object: "file" as const,
    id: fileId,
    deleted: true as const,
    permanent: false,
    trashed_at: row.trashedAt!.toISOString(),
  };
}

export async function deleteFilePermanently(ctx: ServiceContext, { fileId }: FileId) {
  const file = await requireFile(ctx, fileId, "edit");
  requirePermission(ctx.auth, "files.delete", "delete or restore files");
  if (file.kind === "page") await unpublishLeavingPage(ctx, fileId);
  await takeDeletedOffBoards(ctx.db, ctx.auth.brandspace.id, { fileIds: [fileId] });
  await repo.deleteFileRow(ctx.db, fileId);
  await revokeLinksOfDeleted(ctx.db, ctx.auth.brandspace.id, { file: [fileId] });
  await emitFile(ctx, "file.deleted", file);
  return { object: "file" as const, id: fileId, deleted: true as const, permanent: true, trashed_at: null };
}

/** Back to its folder if that is active, else its library's top level. */
export async function restoreFile(ctx: ServiceContext, { fileId }: FileId) {
  const file = await requireFile(ctx, fileId, "edit");
  requirePermission(ctx.auth, "files.delete", "delete or restore files");
  if (!file.trashedAt) throw conflict("The file is not in the trash.");
  const folderActive = file.folderId
    ? await isActiveFolder(ctx.db, ctx.auth.brandspace.id, file.folderId)
    : true;
  const row = await repo.updateFileRow(ctx.db, fileId, {
    trashedAt: null,
    folderId: folderActive ? file.folderId : null,
  });
  await emitFile(ctx, "file.restored", row);
  return presentFile(ctx, row);
}
