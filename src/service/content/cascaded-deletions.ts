import type { Db } from "../db/client.ts";
import { actors, emit } from "../platform/outbox.ts";

/**
 * `file.deleted` by the system for each file that went with a deleted folder or library: an integration that
 * mirrors files learns of every one, as the decisions ask for a folder's permanent deletion.
 */
export async function emitCascadedFileDeletions(
  db: Db,
  brandspaceId: string,
  deleted: { id: string; name: string; libraryId: string; folderId: string | null }[],
) {
  for (const file of deleted) {
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
}
