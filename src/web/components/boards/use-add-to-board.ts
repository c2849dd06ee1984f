import { useRef, useState } from "react";
import { BOARD_LIMITS, type Board } from "../../../contract/boards.ts";
import { useAddBoardFiles, useCreateBoard } from "../../api/boards.ts";
import { FOLDER_COLORS } from "../browser/color-palette.tsx";

/** What adding did: files added, and files that were on the board already. */
export interface AddedCounts {
  added: number;
  already: number;
}

/**
 * Adds files to a board, or creates a board and then adds them. The board created is kept (`created`), so that a
 * retry after a failed add goes to it rather than making a second one; a create retried under the same name
 * reuses its Idempotency-Key, so a create whose answer was lost is replayed by the service, not repeated.
 */
export function useAddToBoard(fileIds: string[]) {
  const create = useCreateBoard();
  const add = useAddBoardFiles();
  const [created, setCreated] = useState<Board | null>(null);
  const createKey = useRef<{ name: string; key: string } | null>(null);

  const createBoard = async (name: string): Promise<Board> => {
    if (createKey.current?.name !== name) createKey.current = { name, key: crypto.randomUUID() };
    // The colour the board form starts with, so that a board made here looks like one made there.
    const board = await create.mutateAsync({
      body: { name, color: FOLDER_COLORS[0].hex },
      idempotencyKey: createKey.current.key,
    });
    setCreated(board);
    return board;
  };

  const addTo = async (board: Board): Promise<AddedCounts> => {
    const counts = { added: 0, already: 0 };
    // A batch is all or nothing and holds at most 1,000 files.
    for (let at = 0; at < fileIds.length; at += BOARD_LIMITS.filesPerBatch) {
      const batch = await add.mutateAsync({
        params: { boardId: board.id },
        body: { file_ids: fileIds.slice(at, at + BOARD_LIMITS.filesPerBatch) },
      });
      counts.added += batch.results.filter((r) => r.status === "added").length;
      counts.already += batch.results.filter((r) => r.status === "already_present").length;
    }
    return counts;
  };

  return { created, createBoard, addTo, busy: create.isPending || add.isPending };
}
