import type { Db } from "../db/client.ts";
import { fileEventData } from "../files/files.mapper.ts";
import type { FileRow } from "../files/files.repository.ts";
import { actors, emitMany } from "../platform/outbox.ts";

type EventFile = Pick<FileRow, "id" | "name" | "libraryId" | "folderId" | "kind">;

/**
 * A `file.*` event by the system for each file a change to its folder or library carried with it: `file.deleted`
 * for those that went with a deleted folder or library (as the decisions ask for a folder's permanent deletion),
 * `file.moved` for those a folder took to another library. An integration that mirrors files learns of each.
 */
export async function emitCascadedFileEvents(
  db: Db,
  brandspaceId: string,
  type: "file.deleted" | "file.moved",
  carried: EventFile[],
) {
  await emitMany(db, { brandspaceId, type, actor: actors.system(), data: carried.map(fileEventData) });
}
