import { deleteCommentsOfVersion } from "../comments/comments.service.ts";
import { refuseTrashedFile, requireFile } from "../files/file-access.ts";
import type { FileRow } from "../files/files.repository.ts";
import { requirePermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { toVersion, versionEventData } from "./versions.mapper.ts";
import * as repo from "./versions.repository.ts";

type VersionRef = { fileId: string; versionId: string };

const emitVersion = (
  { db, auth }: ServiceContext,
  type: "file.version.activated" | "file.version.deleted",
  row: repo.VersionRow,
) =>
  emit(db, { brandspaceId: auth.brandspace.id, type, actor: actors.user(auth), data: versionEventData(row) });

async function requireVersion(ctx: ServiceContext, file: FileRow, versionId: string) {
  const row = await repo.findFileVersion(ctx.db, file.id, versionId);
  if (!row) throw notFound("version");
  return row;
}

/** A file's versions, newest first. */
export async function listVersions(
  ctx: ServiceContext,
  { fileId, ...page }: { fileId: string } & PageRequest,
) {
  const file = await requireFile(ctx, fileId, "view");
  return paginate(ctx.deps.cursors, page, {
    name: `versions:${file.id}`,
    fetch: (limit, after: [number] | null) =>
      repo.listVersionRows(ctx.db, file.id, limit, after?.[0] ?? null),
    keyOf: (row): [number] => [row.versionNumber],
    present: (rows) => rows.map((row) => toVersion(row, file.activeVersionId)),
  });
}

export async function getVersion(ctx: ServiceContext, { fileId, versionId }: VersionRef) {
  const file = await requireFile(ctx, fileId, "view");
  return toVersion(await requireVersion(ctx, file, versionId), file.activeVersionId);
}

export async function activateVersion(ctx: ServiceContext, { fileId, versionId }: VersionRef) {
  const file = await requireFile(ctx, fileId, "edit");
  requirePermission(ctx.auth, "files.edit", "edit files");
  refuseTrashedFile(file);
  const version = await requireVersion(ctx, file, versionId);
  // Activating the active version changes nothing and emits nothing.
  if (file.activeVersionId !== version.id) {
    await repo.mirrorActiveVersion(ctx.db, file.id, version);
    await emitVersion(ctx, "file.version.activated", version);
  }
  return toVersion(version, version.id);
}

/** Deletes an inactive version; the active one answers 409. Numbers are never reused. */
export async function deleteVersion(ctx: ServiceContext, { fileId, versionId }: VersionRef) {
  const file = await requireFile(ctx, fileId, "edit");
  requirePermission(ctx.auth, "files.delete", "delete versions");
  refuseTrashedFile(file);
  const version = await requireVersion(ctx, file, versionId);
  if (file.activeVersionId === version.id) {
    throw conflict("This is the file's active version; activate another version before deleting it.");
  }
  await deleteCommentsOfVersion(ctx, {
    brandspaceId: ctx.auth.brandspace.id,
    fileId: file.id,
    versionId: version.id,
  });
  await repo.deleteVersionRow(ctx.db, file.id, version.id);
  await emitVersion(ctx, "file.version.deleted", version);
  return {
    object: "version" as const,
    id: version.id,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}
