import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, GripVertical, MoreHorizontal, Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import type { DragEvent } from "react";
import type { Board } from "../../../contract/boards.ts";
import type { Denial } from "../../api/access.ts";
import { boardCoverQuery } from "../../api/boards.ts";
import { cn } from "../../lib/cn.ts";
import { useSeen } from "../../lib/use-seen.ts";
import { Button } from "../ui/button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { LazyMenu } from "../ui/lazy-menu.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { boardCount } from "./board-count.ts";
import { BoardCover } from "./board-cover.tsx";
import { BoardGlyph } from "./board-glyph.tsx";

export interface BoardRowActions {
  pin: (board: Board) => void;
  move: (board: Board, by: -1 | 1) => void;
  edit: (board: Board) => void;
  remove: (board: Board) => void;
}

export interface BoardDrag {
  /** The id of the board being dragged, if any. */
  dragging: string | null;
  start: (board: Board) => void;
  drop: (target: Board) => void;
  end: () => void;
}

/**
 * One board of the Boards screen: its mark, name (a link) and file count, a cover of its first files, pin, and a
 * menu with edit, Move up/down (the keyboard's way to reorder) and delete; the grip drags it to another place.
 * The cover and count are asked for once the row nears the viewport.
 */
export function BoardRow({
  board,
  first,
  last,
  editDenial,
  manageDenial,
  actions,
  drag,
}: {
  board: Board;
  first: boolean;
  last: boolean;
  editDenial: Denial;
  manageDenial: Denial;
  actions: BoardRowActions;
  drag: BoardDrag;
}) {
  const canDrag = !editDenial;
  const [watchRow, rowSeen] = useSeen<HTMLLIElement>();
  const cover = useQuery({ ...boardCoverQuery(board.id), enabled: rowSeen });
  const count = cover.data && boardCount(cover.data);
  const over = (event: DragEvent) => {
    if (drag.dragging && drag.dragging !== board.id) event.preventDefault();
  };
  return (
    <li
      ref={watchRow}
      data-board-id={board.id}
      draggable={canDrag}
      title={canDrag ? "Drag to reorder" : undefined}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", board.name);
        drag.start(board);
      }}
      onDragEnd={drag.end}
      onDragOver={over}
      onDrop={(event) => {
        event.preventDefault();
        drag.drop(board);
      }}
      className={cn(
        "flex items-center gap-3 px-4 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-900",
        drag.dragging === board.id && "opacity-50",
      )}
    >
      <GripVertical
        aria-hidden="true"
        className={cn("size-4 shrink-0 text-zinc-400", canDrag ? "cursor-grab" : "invisible")}
      />
      <BoardGlyph board={board} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <Link
            to="/boards/$boardId"
            params={{ boardId: board.id }}
            title={board.name}
            // Two lines on a phone, where the cover and the buttons leave the name little width.
            className="wrap-anywhere line-clamp-2 min-w-0 font-medium hover:underline sm:line-clamp-1"
          >
            {board.name}
          </Link>
          {count && (
            <span className="hidden shrink-0 text-xs text-zinc-600 sm:inline dark:text-zinc-400">
              {count}
            </span>
          )}
        </div>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
          {/* At phone width the name needs the room: the count leads the line below it instead. */}
          {count && <span className="sm:hidden">{count} · </span>}
          {board.pinned ? "Pinned · " : ""}
          You can {board.my_access} · updated <RelativeTime iso={board.updated_at} />
        </p>
      </div>
      <BoardCover files={cover.data?.data} />
      <GuardedButton
        variant="ghost"
        size="icon"
        denial={editDenial}
        aria-label={`${board.pinned ? "Unpin" : "Pin"} ${board.name}`}
        aria-pressed={board.pinned}
        onClick={() => actions.pin(board)}
      >
        {board.pinned ? (
          <PinOff className="size-4" aria-hidden="true" />
        ) : (
          <Pin className="size-4" aria-hidden="true" />
        )}
      </GuardedButton>
      <LazyMenu
        modal={false}
        align="end"
        sideOffset={6}
        trigger={
          <Button variant="ghost" size="icon" aria-label={`Actions for ${board.name}`}>
            <MoreHorizontal className="size-4" aria-hidden="true" />
          </Button>
        }
      >
        {(M) => (
          <>
            {editDenial && <M.Label variant="note">{editDenial}</M.Label>}
            <M.Item disabled={!!editDenial} onSelect={() => actions.edit(board)}>
              <Pencil className="size-4" aria-hidden="true" /> Edit…
            </M.Item>
            <M.Item disabled={!!editDenial || first} onSelect={() => actions.move(board, -1)}>
              <ArrowUp className="size-4" aria-hidden="true" /> Move up
            </M.Item>
            <M.Item disabled={!!editDenial || last} onSelect={() => actions.move(board, 1)}>
              <ArrowDown className="size-4" aria-hidden="true" /> Move down
            </M.Item>
            {manageDenial && !editDenial && <M.Label variant="note">{manageDenial}</M.Label>}
            <M.Item variant="danger" disabled={!!manageDenial} onSelect={() => actions.remove(board)}>
              <Trash2 className="size-4" aria-hidden="true" /> Delete…
            </M.Item>
          </>
        )}
      </LazyMenu>
    </li>
  );
}
