import { Download, ListX } from "lucide-react";
import type { FileBase } from "../../../contract/files.ts";
import type { Denial } from "../../api/access.ts";
import { useAccess } from "../../api/access.ts";
import { useRemoveBoardFiles } from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { plural } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { useFileActions } from "../browser/file-actions.ts";
import { SelectionBar } from "../browser/selection-bar.tsx";
import type { Selection } from "../browser/use-selection.ts";
import { GuardedButton } from "../ui/guarded-button.tsx";

/** A board's bulk actions: take the selected files off the board (they stay in their libraries), download. */
export function BoardSelectionBar({
  boardId,
  selection,
  editDenial,
}: {
  boardId: string;
  selection: Selection<FileBase>;
  editDenial: Denial;
}) {
  const remove = useRemoveBoardFiles();
  const actions = useFileActions();
  const downloadDenial = useAccess().denial("files:read", "files.download");
  const removeSelected = () => {
    const files = selection.items;
    remove.mutate(
      { params: { boardId }, body: { file_ids: files.map((f) => f.id) } },
      {
        onSuccess: (batch) => {
          const removed = batch.results.filter((r) => r.status === "removed").length;
          toast.success(`Removed ${plural(removed, "file")} from the board`);
          selection.clear();
        },
        onError: (error) => toast.error(`Could not remove from the board: ${errorMessage(error)}`),
      },
    );
  };
  return (
    <SelectionBar count={selection.ids.size} onClear={selection.clear}>
      <GuardedButton
        variant="ghost"
        size="sm"
        denial={editDenial}
        disabled={remove.isPending}
        onClick={removeSelected}
      >
        <ListX className="size-4" aria-hidden="true" /> Remove from board
      </GuardedButton>
      <GuardedButton
        variant="ghost"
        size="sm"
        denial={downloadDenial}
        onClick={() => void actions.download(selection.items)}
      >
        <Download className="size-4" aria-hidden="true" /> Download
      </GuardedButton>
    </SelectionBar>
  );
}
