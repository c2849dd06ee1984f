import type { Library, LibraryDetail } from "../../contract/libraries.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { takeDeletedOffBoards } from "../boards/boards-of-deleted.ts";
import { emitCascadedFileEvents } from "../content/cascaded-file-events.ts";
import { hasPermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { forbidden, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { revokeLinksOfDeleted } from "../shared-links/revoke-with-target.ts";
import * as repo from "./libraries.repository.ts";

export function toLibrary(row: repo.LibraryRow): Library {
  return {
    object: "library",
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by_id: row.createdById,
  };
}

type LibraryEvent = "library.created" | "library.updated" | "library.deleted";

const emitLibrary = ({ db, auth }: ServiceContext, type: LibraryEvent, row: repo.LibraryRow) =>
  emit(db, {
    brandspaceId: auth.brandspace.id,
    type,
    actor: actors.user(auth),
    data: { object: "library", id: row.id, name: row.name },
  });

/** The libraries the caller can see, oldest first. */
export function listLibraries(ctx: ServiceContext, page: PageRequest) {
  return paginate(ctx.deps.cursors, page, {
    name: `libraries:${ctx.auth.brandspace.id}`,
    fetch: (limit, after: [string, string] | null) => repo.listVisibleLibraries(ctx, limit, after),
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    present: (rows) => rows.map(toLibrary),
  });
}

export async function createLibrary(
  ctx: ServiceContext,
  input: { name: string; description?: string | null },
) {
  const { db, auth } = ctx;
  if (!hasPermission(auth, "libraries.create")) throw forbidden("Your role cannot create libraries.");
  const row = await repo.insertLibrary(db, {
    id: newId("library"),
    brandspaceId: auth.brandspace.id,
    name: input.name,
    description: input.description ?? null,
    createdById: auth.user.id,
  });
  await emitLibrary(ctx, "library.created", row);
  return toLibrary(row);
}

export async function getLibraryDetail(
  ctx: ServiceContext,
  { libraryId }: { libraryId: string },
): Promise<LibraryDetail> {
  await requireLibraryAccess(ctx, libraryId, "view");
  const row = await repo.findLibrary(ctx.db, ctx.auth.brandspace.id, libraryId);
  if (!row) throw notFound("library");
  const counts = await repo.countContents(ctx.db, libraryId);
  return { ...toLibrary(row), file_count: counts.files, folder_count: counts.folders, size: counts.size };
}

export async function updateLibrary(
  ctx: ServiceContext,
  { libraryId, changes }: { libraryId: string; changes: { name?: string; description?: string | null } },
) {
  await requireLibraryAccess(ctx, libraryId, "edit");
  const current = await repo.findLibrary(ctx.db, ctx.auth.brandspace.id, libraryId);
  if (!current) throw notFound("library");
  const changed = changedFields(current, { name: changes.name, description: changes.description });
  if (!changed) return toLibrary(current);
  const row = await repo.updateLibraryRow(ctx.db, ctx.auth.brandspace.id, libraryId, changed);
  if (!row) throw notFound("library");
  await emitLibrary(ctx, "library.updated", row);
  return toLibrary(row);
}

/** Permanent, with all contents (their blobs are reclaimed asynchronously by the blob cleanup). */
export async function deleteLibrary(ctx: ServiceContext, { libraryId }: { libraryId: string }) {
  await requireLibraryAccess(ctx, libraryId, "manage");
  const { db, auth } = ctx;
  const row = await repo.findLibrary(db, auth.brandspace.id, libraryId);
  const contained = await repo.filesInLibrary(db, libraryId);
  const folderIds = await repo.folderIdsInLibrary(db, libraryId);
  if (row) await takeDeletedOffBoards(db, auth.brandspace.id, { libraryId });
  if (!row || !(await repo.deleteLibraryRow(db, auth.brandspace.id, libraryId))) throw notFound("library");
  // Each link's shared_link.deleted comes before its target's own event (docs/api.md).
  await revokeLinksOfDeleted(db, auth.brandspace.id, {
    library: [libraryId],
    folder: folderIds,
    file: contained.map((file) => file.id),
  });
  await emitCascadedFileEvents(db, auth.brandspace.id, "file.deleted", contained);
  await emitLibrary(ctx, "library.deleted", row);
  return {
    object: "library" as const,
    id: libraryId,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}
