import { Plus } from "lucide-react";
import { type ReactNode, useRef } from "react";
import type { Board } from "../../../contract/boards.ts";
import { BoardGlyph } from "./board-glyph.tsx";
import { BoardNameField } from "./board-name-field.tsx";

/** The choice that makes a new board (no board id is this). */
export const NEW_BOARD = "new";

/** The name typed for a new board, when the user may create one. */
export interface NewBoardName {
  value: string;
  invalid: boolean;
  onChange: (name: string) => void;
}

function Choice({
  checked,
  disabled,
  onChoose,
  onPointerDown,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  onChoose: () => void;
  onPointerDown?: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <label
        onPointerDown={onPointerDown}
        className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-zinc-100 has-[:checked]:bg-accent-50 has-[:disabled]:cursor-default has-[:disabled]:hover:bg-transparent dark:hover:bg-zinc-800 dark:has-[:checked]:bg-accent-500/15"
      >
        <input
          type="radio"
          name="board"
          checked={checked}
          disabled={disabled}
          onChange={onChoose}
          className="accent-accent-600"
        />
        {children}
      </label>
    </li>
  );
}

/**
 * The boards to add to, as radio buttons (those the files are on already disabled), then "New board" with its
 * name field when `newBoard` is given. The field takes the focus when "New board" is clicked, not when the arrow
 * keys pass over it on their way through the list.
 */
export function BoardChoices({
  boards,
  onIt,
  choice,
  onChoose,
  newBoard,
}: {
  boards: Board[];
  onIt: Set<string>;
  choice: string | null;
  onChoose: (choice: string) => void;
  newBoard?: NewBoardName;
}) {
  const clicked = useRef(boards.length === 0);
  return (
    <fieldset onKeyDown={() => (clicked.current = false)}>
      <legend className="sr-only">Board</legend>
      <ul className="max-h-72 space-y-1 overflow-y-auto">
        {boards.map((board) => (
          <Choice
            key={board.id}
            checked={choice === board.id}
            disabled={onIt.has(board.id)}
            onChoose={() => onChoose(board.id)}
          >
            <BoardGlyph board={board} className="size-6 text-sm" />
            <span className="min-w-0 flex-1 truncate text-sm">{board.name}</span>
            {onIt.has(board.id) && (
              <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">Already on it</span>
            )}
          </Choice>
        ))}
        {newBoard && (
          <Choice
            checked={choice === NEW_BOARD}
            onChoose={() => onChoose(NEW_BOARD)}
            onPointerDown={() => (clicked.current = true)}
          >
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-md border border-zinc-400 border-dashed text-zinc-600 dark:border-zinc-600 dark:text-zinc-400"
            >
              <Plus className="size-4" />
            </span>
            <span className="min-w-0 flex-1 truncate text-sm">New board</span>
          </Choice>
        )}
      </ul>
      {newBoard && choice === NEW_BOARD && (
        <div className="mt-3">
          <BoardNameField
            id="new-board-name"
            value={newBoard.value}
            invalid={newBoard.invalid}
            autoFocus={clicked.current}
            onChange={newBoard.onChange}
          />
        </div>
      )}
    </fieldset>
  );
}
