import { type Access, requireLibraryAccess } from "../access/library-access.ts";
import type { CallerContext } from "../platform/context.ts";
import type { ApiError } from "../platform/errors.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { type FileRow, findFile } from "./files.repository.ts";

/**
 * A file the caller can see with at least `needed` access to its library. Files inside a trashed folder are
 * reachable only through that folder, so they are 404 like invisible ones.
 */
export async function requireFile(ctx: CallerContext, fileId: string, needed: Access): Promise<FileRow> {
  const file = await findFile(ctx.db, ctx.auth.brandspace.id, fileId);
  if (!file || file.hiddenBy) throw notFound("file");
  await requireLibraryAccess(ctx, file.libraryId, needed).catch((error: ApiError) => {
    throw error.code === "not_found" ? notFound("file") : error;
  });
  return file;
}

/** A file as `requireFile`, and not in the trash. */
export async function requireActiveFile(
  ctx: CallerContext,
  fileId: string,
  needed: Access,
): Promise<FileRow> {
  const file = await requireFile(ctx, fileId, needed);
  if (file.trashedAt) throw notFound("file");
  return file;
}

/**
 * Refuses to change a file in the trash (rename, move, copy, versions, values): it can still be read, so this is a
 * state conflict (409, restore it first), not an unknown id. After the access and permission checks.
 */
export function refuseTrashedFile(file: FileRow) {
  if (file.trashedAt) throw conflict("The file is in the trash: restore it first.");
}
