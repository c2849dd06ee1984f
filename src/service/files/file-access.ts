import { type Access, requireLibraryAccess } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import type { AuthContext } from "../platform/auth.ts";
import type { ApiError } from "../platform/errors.ts";
import { notFound } from "../platform/errors.ts";
import { type FileRow, findFile } from "./files.repository.ts";

/**
 * A file the caller can see with at least `needed` access to its library. Files inside a trashed folder are
 * reachable only through that folder, so they are 404 like invisible ones.
 */
export async function requireFile(db: Db, auth: AuthContext, id: string, needed: Access): Promise<FileRow> {
  const file = await findFile(db, auth.brandspace.id, id);
  if (!file || file.hiddenBy) throw notFound("file");
  await requireLibraryAccess({ db, auth }, file.libraryId, needed).catch((error: ApiError) => {
    throw error.code === "not_found" ? notFound("file") : error;
  });
  return file;
}

export async function requireActiveFile(
  db: Db,
  auth: AuthContext,
  id: string,
  needed: Access,
): Promise<FileRow> {
  const file = await requireFile(db, auth, id, needed);
  if (file.trashedAt) throw notFound("file");
  return file;
}
