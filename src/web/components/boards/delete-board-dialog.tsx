import type { Board } from "../../../contract/boards.ts";
import { useDeleteBoard } from "../../api/boards.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";

/** Permanent deletion of a board after saying what goes (its properties and values) and what stays (files). */
export function DeleteBoardDialog({
  open,
  onOpenChange,
  board,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  board: Board;
  onDeleted?: () => void;
}) {
  const remove = useDeleteBoard();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete “${board.name}”?`}
      confirmLabel="Delete board"
      danger
      onConfirm={async () => {
        await remove.mutateAsync({ params: { boardId: board.id } });
        toast.success(`Board “${board.name}” deleted`);
        onOpenChange(false);
        onDeleted?.();
      }}
    >
      <p>
        The board, its properties and their values are deleted for good. Its files stay where they are in
        their libraries.
      </p>
    </ConfirmDialog>
  );
}
