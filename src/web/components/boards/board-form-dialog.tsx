import { type FormEvent, useState } from "react";
import type { Board } from "../../../contract/boards.ts";
import { useCreateBoard, useUpdateBoard } from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { toast } from "../../lib/toast.ts";
import { ColorPalette, FOLDER_COLORS } from "../browser/color-palette.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { BoardNameField } from "./board-name-field.tsx";
import { boardProblem } from "./board-problem.ts";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The board to edit; without one the dialog creates a board. */
  board?: Board;
  onCreated?: (board: Board) => void;
}

/** Create a board, or edit one's name, colour and emoji. */
export function BoardFormDialog({ open, onOpenChange, board, onCreated }: Props) {
  const [name, setName] = useState(board?.name ?? "");
  const [color, setColor] = useState<string | null>(board?.color ?? FOLDER_COLORS[0].hex);
  const [emoji, setEmoji] = useState(board?.emoji ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateBoard();
  const update = useUpdateBoard();
  const busy = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: name.trim(), color: color ?? undefined, emoji: emoji.trim() || null };
    const issue = boardProblem(body);
    setProblem(issue);
    if (issue) return;
    const onError = (error: unknown) => setProblem(errorMessage(error));
    if (!board) {
      create.mutate(
        { body },
        {
          onSuccess: (created) => {
            toast.success(`Board “${created.name}” created`);
            onOpenChange(false);
            onCreated?.(created);
          },
          onError,
        },
      );
      return;
    }
    const changes = {
      ...(body.name !== board.name ? { name: body.name } : {}),
      ...(body.color && body.color !== board.color ? { color: body.color } : {}),
      ...(body.emoji !== board.emoji ? { emoji: body.emoji } : {}),
    };
    if (Object.keys(changes).length === 0) return onOpenChange(false);
    update.mutate(
      { params: { boardId: board.id }, body: changes },
      {
        onSuccess: (saved) => {
          toast.success(`Board “${saved.name}” saved`);
          onOpenChange(false);
        },
        onError,
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={board ? "Edit board" : "New board"}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <BoardNameField id="board-name" value={name} invalid={problem !== null} onChange={setName} />
        <Field id="board-emoji" label="Emoji" optional>
          <Input
            id="board-emoji"
            value={emoji}
            placeholder="e.g. 🚀"
            className="w-24"
            onChange={(e) => setEmoji(e.target.value)}
          />
        </Field>
        <ColorPalette value={color} onChange={setColor} required />
        <FormError message={problem} />
        <DialogActions
          submit={board ? "Save" : "Create board"}
          disabled={busy}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
