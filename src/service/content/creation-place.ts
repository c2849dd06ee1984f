import { oldestEditableLibrary, requireLibraryAccess } from "../access/library-access.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import type { CallerContext } from "../platform/context.ts";
import { validationError } from "../platform/errors.ts";

/**
 * Where a new file (an upload, an import, a page) goes: a folder (which must be in `library_id` when both are sent) or a
 * library's top level, with edit access. Both are optional in the decisions: with neither, the top level of the
 * caller's oldest library it can add files to (400 when it has none).
 */
export async function requireCreationPlace(
  ctx: CallerContext,
  body: { library_id?: string; folder_id?: string },
): Promise<{ libraryId: string; folderId: string | null }> {
  if (body.folder_id !== undefined) {
    const folder = await requireActiveFolder(ctx, body.folder_id, "edit");
    if (body.library_id !== undefined && body.library_id !== folder.libraryId)
      throw validationError([{ param: "folder_id", message: "is not in the library named by library_id" }]);
    return { libraryId: folder.libraryId, folderId: folder.id };
  }
  if (body.library_id !== undefined) {
    await requireLibraryAccess(ctx, body.library_id, "edit");
    return { libraryId: body.library_id, folderId: null };
  }
  const libraryId = await oldestEditableLibrary(ctx);
  if (libraryId) return { libraryId, folderId: null };
  throw validationError([
    { param: "library_id", message: "send library_id or folder_id: you have no library to add files to" },
  ]);
}
