import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { BOARD_LIMITS } from "../../../contract/boards.ts";
import { useAccess } from "../../api/access.ts";
import { boardDenial, boardsQuery, fileBoardsQuery, useAddBoardFiles } from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { toast } from "../../lib/toast.ts";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { addedMessage } from "./added-message.ts";
import { BoardGlyph } from "./board-glyph.tsx";

/** Puts files on a board the user can edit, chosen from a list; says how many were added and already there. */
export function AddToBoardDialog({
  fileIds,
  title,
  open,
  onOpenChange,
  onDone,
}: {
  fileIds: string[];
  /** The dialog's title, naming what is added ("Add 3 files to a board"). */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}) {
  const access = useAccess();
  const boards = useQuery(boardsQuery());
  const editable = (boards.data ?? []).filter((b) => !boardDenial(access, b, "edit"));
  // One file: the boards it is on already say so (and are not offered again).
  const single = fileIds.length === 1 ? fileIds[0]! : null;
  const holding = useQuery({ ...fileBoardsQuery(single ?? ""), enabled: single !== null && open });
  const onIt = new Set((holding.data ?? []).map((b) => b.id));
  const [boardId, setBoardId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddBoardFiles();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const board = editable.find((b) => b.id === boardId);
    if (!board) return setProblem("Choose a board.");
    let added = 0;
    let already = 0;
    try {
      // A batch is all or nothing and holds at most 1,000 files.
      for (let at = 0; at < fileIds.length; at += BOARD_LIMITS.filesPerBatch) {
        const batch = await add.mutateAsync({
          params: { boardId: board.id },
          body: { file_ids: fileIds.slice(at, at + BOARD_LIMITS.filesPerBatch) },
        });
        added += batch.results.filter((r) => r.status === "added").length;
        already += batch.results.filter((r) => r.status === "already_present").length;
      }
    } catch (error) {
      return setProblem(errorMessage(error));
    }
    toast.success(addedMessage(board.name, added, already));
    onOpenChange(false);
    onDone?.();
  };
  let picker: React.ReactNode;
  if (boards.isPending) picker = <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading boards…</p>;
  else if (boards.isError) picker = <FormError message={errorMessage(boards.error)} />;
  else if (editable.length === 0)
    picker = (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        There is no board you can edit. Create one on the Boards screen first.
      </p>
    );
  else
    picker = (
      <fieldset>
        <legend className="sr-only">Board</legend>
        <ul className="max-h-72 space-y-1 overflow-y-auto">
          {editable.map((board) => (
            <li key={board.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-zinc-100 has-[:checked]:bg-accent-50 has-[:disabled]:cursor-default has-[:disabled]:hover:bg-transparent dark:hover:bg-zinc-800 dark:has-[:checked]:bg-accent-500/15">
                <input
                  type="radio"
                  name="board"
                  checked={boardId === board.id}
                  disabled={onIt.has(board.id)}
                  onChange={() => setBoardId(board.id)}
                  className="accent-accent-600"
                />
                <BoardGlyph board={board} className="size-6 text-sm" />
                <span className="min-w-0 flex-1 truncate text-sm">{board.name}</span>
                {onIt.has(board.id) && (
                  <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">Already on it</span>
                )}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={single ? undefined : "A file already on the board you choose stays there once."}
    >
      <form onSubmit={submit} className="space-y-3">
        {picker}
        <FormError message={problem} />
        <DialogActions
          submit="Add to board"
          disabled={!boardId || add.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
