import { LayoutGrid, Plus } from "lucide-react";
import { useState } from "react";
import type { Board } from "../../../contract/boards.ts";
import { useAccess } from "../../api/access.ts";
import { boardDenial, useUpdateBoard } from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { toast } from "../../lib/toast.ts";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { type BoardDrag, BoardRow, type BoardRowActions } from "./board-row.tsx";

/** The board next to this one in its group (pinned or not), or null at the group's edge: reordering stays within. */
function neighbour(boards: Board[], index: number, by: -1 | 1): Board | null {
  const other = boards[index + by];
  return other && other.pinned === boards[index]!.pinned ? other : null;
}

function EmptyBoards({ onCreate, denial }: { onCreate: () => void; denial: string | null }) {
  return (
    <div className="mx-6 flex flex-col items-center rounded-lg border border-zinc-300 border-dashed px-6 py-12 text-center dark:border-zinc-700">
      <LayoutGrid className="size-8 text-accent-600 dark:text-accent-500" aria-hidden="true" />
      <h2 className="mt-3 font-medium">No boards yet</h2>
      <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        A board gathers files from any library for a campaign or a review, with properties of its own.
      </p>
      <GuardedButton className="mt-5" denial={denial} onClick={onCreate}>
        <Plus className="size-4" aria-hidden="true" /> New board
      </GuardedButton>
    </div>
  );
}

/** The boards in the service's order (pinned first, then position), to open, pin, reorder, edit and delete. */
export function BoardsList({
  boards,
  createDenial,
  onCreate,
  onEdit,
  onDelete,
}: {
  boards: Board[];
  createDenial: string | null;
  onCreate: () => void;
  onEdit: (board: Board) => void;
  onDelete: (board: Board) => void;
}) {
  const access = useAccess();
  const update = useUpdateBoard();
  const [dragging, setDragging] = useState<string | null>(null);
  const patch = (board: Board, body: { pinned?: boolean; position?: number }, done: string) =>
    update.mutate(
      { params: { boardId: board.id }, body },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(`Could not change “${board.name}”: ${errorMessage(error)}`),
      },
    );
  const actions: BoardRowActions = {
    pin: (board) =>
      patch(
        board,
        { pinned: !board.pinned },
        board.pinned ? `Unpinned “${board.name}”` : `Pinned “${board.name}”`,
      ),
    move: (board, by) => {
      const target = neighbour(boards, boards.indexOf(board), by);
      if (target)
        patch(board, { position: target.position }, `Moved “${board.name}” ${by < 0 ? "up" : "down"}`);
    },
    edit: onEdit,
    remove: onDelete,
  };
  const drag: BoardDrag = {
    dragging,
    start: (board) => setDragging(board.id),
    end: () => setDragging(null),
    drop: (target) => {
      const board = boards.find((b) => b.id === dragging);
      setDragging(null);
      if (board && board.id !== target.id)
        patch(board, { position: target.position }, `Moved “${board.name}”`);
    },
  };
  if (boards.length === 0) return <EmptyBoards onCreate={onCreate} denial={createDenial} />;
  return (
    <ul
      aria-label="Boards"
      className="mx-6 divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    >
      {boards.map((board, index) => (
        <BoardRow
          key={board.id}
          board={board}
          first={!neighbour(boards, index, -1)}
          last={!neighbour(boards, index, 1)}
          editDenial={boardDenial(access, board, "edit")}
          manageDenial={boardDenial(access, board, "manage")}
          actions={actions}
          drag={drag}
        />
      ))}
    </ul>
  );
}
