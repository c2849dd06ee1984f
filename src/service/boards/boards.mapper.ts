import type { Board } from "../../contract/boards.ts";
import type { BoardRow, VisibleBoardRow } from "./boards.repository.ts";

/** `boards.manage_all` manages every board; anyone else has what the grant says. */
export function toBoard(row: VisibleBoardRow, manageAll: boolean): Board {
  return {
    object: "board",
    id: row.id,
    name: row.name,
    color: row.color,
    emoji: row.emoji,
    logo_url: row.logoUrl,
    pinned: row.pinned,
    position: row.position,
    my_access: manageAll ? "manage" : (row.grant ?? "view"),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by_id: row.createdById,
  };
}

export const boardEventData = (row: BoardRow) => ({ object: "board", id: row.id, name: row.name });

export const boardFileEventData = (boardId: string, fileId: string) => ({
  object: "board_file",
  board_id: boardId,
  file_id: fileId,
});
