import { type Access, requireLibraryAccess } from "../access/library-access.ts";
import type { CallerContext } from "../platform/context.ts";
import { type ApiError, conflict, notFound } from "../platform/errors.ts";
import { findFolder } from "./folders.repository.ts";

/** A folder the caller can see (in a visible library), with at least `needed` access; else 404/403. */
export async function requireFolder(ctx: CallerContext, folderId: string, needed: Access) {
  const folder = await findFolder(ctx.db, ctx.auth.brandspace.id, folderId);
  if (!folder) throw notFound("folder");
  await requireLibraryAccess(ctx, folder.libraryId, needed).catch((error: ApiError) => {
    throw error.code === "not_found" ? notFound("folder") : error;
  });
  return folder;
}

/** An active folder usable as a destination or parent; 404 when it is missing, invisible or in the trash. */
export async function requireActiveFolder(ctx: CallerContext, folderId: string, needed: Access) {
  const folder = await requireFolder(ctx, folderId, needed);
  if (folder.trashedAt || folder.hiddenBy) throw notFound("folder");
  return folder;
}

/** A folder to change itself (rename, move): 404 when hidden with a trashed parent, as `requireFolder` otherwise. */
export async function requireUnhiddenFolder(ctx: CallerContext, folderId: string, needed: Access) {
  const folder = await requireFolder(ctx, folderId, needed);
  if (folder.hiddenBy) throw notFound("folder");
  return folder;
}

/** Refuses to change a folder in the trash: it can still be read, so this is 409 (restore it first). */
export function refuseTrashedFolder(folder: { trashedAt: Date | null }) {
  if (folder.trashedAt) throw conflict("The folder is in the trash: restore it first.");
}
