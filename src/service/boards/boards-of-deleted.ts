import type { Db } from "../db/client.ts";
import { actors, emitMany } from "../platform/outbox.ts";
import { type DeletedFiles, deleteBoardFilesOf } from "./board-files.repository.ts";
import { boardFileEventData } from "./boards.mapper.ts";

/**
 * Files deleted for good leave the boards they were on, each with `board.file.removed` by the system (the
 * specification's actor for cascades), as `file.deleted` tells of the file: an integration that mirrors a board
 * learns it no longer holds the file. Call in the deletion's transaction, before the files' rows go (their board
 * rows would go with them, unseen).
 */
export async function takeDeletedOffBoards(
  db: Db,
  brandspaceId: string,
  deleted: DeletedFiles,
): Promise<void> {
  const taken = await deleteBoardFilesOf(db, deleted);
  await emitMany(db, {
    brandspaceId,
    type: "board.file.removed",
    actor: actors.system(),
    data: taken.map((pair) => boardFileEventData(pair.boardId, pair.fileId)),
  });
}
