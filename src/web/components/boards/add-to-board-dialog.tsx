import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Board } from "../../../contract/boards.ts";
import { useAccess } from "../../api/access.ts";
import { boardDenial, boardsQuery, fileBoardsQuery } from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { toast } from "../../lib/toast.ts";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { addedMessage } from "./added-message.ts";
import { BoardChoices, NEW_BOARD } from "./board-choices.tsx";
import { boardProblem } from "./board-problem.ts";
import { useAddToBoard } from "./use-add-to-board.ts";

const note = "text-sm text-zinc-600 dark:text-zinc-400";

/**
 * Puts files on a board the user can edit, chosen from a list or created on the spot ("New board", when they
 * may create boards); says how many were added and already there.
 */
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
  const createDenial = access.denial("boards:write", "boards.create");
  const boards = useQuery(boardsQuery());
  const { created, createBoard, addTo, busy } = useAddToBoard(fileIds);
  const editable = (boards.data ?? []).filter((b) => !boardDenial(access, b, "edit"));
  // The board made here, until the list's refetch brings it.
  if (created && !editable.some((b) => b.id === created.id)) editable.push(created);
  // One file: the boards it is on already say so (and are not offered again).
  const single = fileIds.length === 1 ? fileIds[0]! : null;
  const holding = useQuery({ ...fileBoardsQuery(single ?? ""), enabled: single !== null && open });
  const onIt = new Set((holding.data ?? []).map((b) => b.id));
  const [chosen, setChosen] = useState<string | null>(null);
  // With no board to pick, making one is the only choice.
  const choice = chosen ?? (editable.length === 0 && !createDenial ? NEW_BOARD : null);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let board: Board | undefined = editable.find((b) => b.id === choice);
    if (choice === NEW_BOARD) {
      const body = { name: name.trim() };
      const issue = boardProblem(body);
      if (issue) return setProblem(issue);
      try {
        board = await createBoard(body.name);
      } catch (error) {
        return setProblem(errorMessage(error));
      }
      // From here the new board is a board of the list: a retry adds to it.
      setChosen(board.id);
    }
    if (!board) return setProblem("Choose a board.");
    try {
      const { added, already } = await addTo(board);
      toast.success(addedMessage(board.name, added, already));
    } catch (error) {
      const made = board.id === created?.id || choice === NEW_BOARD;
      const head = made ? `Board “${board.name}” was created, but the files were not added: ` : "";
      return setProblem(head + errorMessage(error));
    }
    onOpenChange(false);
    onDone?.();
  };

  let picker: React.ReactNode;
  if (boards.isPending) picker = <p className={note}>Loading boards…</p>;
  else if (boards.isError) picker = <FormError message={errorMessage(boards.error)} />;
  else if (editable.length === 0 && createDenial)
    picker = (
      <p className={note}>There is no board you can edit, and you cannot create one: {createDenial}</p>
    );
  else
    picker = (
      <>
        {editable.length === 0 && <p className={note}>There is no board you can edit yet: name a new one.</p>}
        <BoardChoices
          boards={editable}
          onIt={onIt}
          choice={choice}
          onChoose={(next) => {
            setChosen(next);
            setProblem(null);
          }}
          newBoard={createDenial ? undefined : { value: name, invalid: problem !== null, onChange: setName }}
        />
      </>
    );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={single ? undefined : "A file already on the board you choose stays there once."}
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        {picker}
        <FormError message={problem} />
        <DialogActions
          submit="Add to board"
          disabled={!choice || busy}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
