import type { Library, LibraryDetail } from "../../contract/libraries.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import { type AuthContext, hasPermission } from "../platform/auth.ts";
import { forbidden, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
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

const eventData = (row: repo.LibraryRow) => ({ object: "library", id: row.id, name: row.name });

export async function createLibrary(
  db: Db,
  auth: AuthContext,
  input: { name: string; description?: string },
) {
  if (!hasPermission(auth, "libraries.create")) throw forbidden("Your role cannot create libraries.");
  const row = await repo.insertLibrary(db, {
    id: newId("library"),
    brandspaceId: auth.brandspace.id,
    name: input.name,
    description: input.description ?? "",
    createdById: auth.user.id,
  });
  await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "library.created",
    actor: actors.user(auth),
    data: eventData(row),
  });
  return toLibrary(row);
}

export async function getLibraryDetail(db: Db, auth: AuthContext, id: string): Promise<LibraryDetail> {
  await requireLibraryAccess(db, auth, id, "view");
  const row = await repo.findLibrary(db, auth.brandspace.id, id);
  if (!row) throw notFound("library");
  const counts = await repo.countContents(db, id);
  return { ...toLibrary(row), file_count: counts.files, folder_count: counts.folders, size: counts.size };
}

export async function updateLibrary(
  db: Db,
  auth: AuthContext,
  id: string,
  changes: { name?: string; description?: string },
) {
  await requireLibraryAccess(db, auth, id, "edit");
  const row = await repo.updateLibraryRow(db, auth.brandspace.id, id, changes);
  if (!row) throw notFound("library");
  await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "library.updated",
    actor: actors.user(auth),
    data: eventData(row),
  });
  return toLibrary(row);
}

/** Permanent, with all contents (their blobs are reclaimed asynchronously by the blob cleanup). */
export async function deleteLibrary(db: Db, auth: AuthContext, id: string) {
  await requireLibraryAccess(db, auth, id, "manage");
  const row = await repo.findLibrary(db, auth.brandspace.id, id);
  if (!row || !(await repo.deleteLibraryRow(db, auth.brandspace.id, id))) throw notFound("library");
  await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "library.deleted",
    actor: actors.user(auth),
    data: eventData(row),
  });
  return { object: "library" as const, id, deleted: true as const, permanent: true, trashed_at: null };
}
