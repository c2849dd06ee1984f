import { Copy, Download, FolderInput, LayoutGrid, Send, SlidersHorizontal, Tag, Trash2 } from "lucide-react";
import { useState } from "react";
import type { FileBase } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { plural } from "../../lib/format.ts";
import { NewTransferDialog } from "../sharing/lazy-dialogs.ts";
import { ShareButton } from "../sharing/share-button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { useFileActions } from "./file-actions.ts";
import { AddTagsDialog, AddToBoardDialog, FileDestinationDialog, SetPropertyDialog } from "./lazy-dialogs.ts";
import { SelectionBar } from "./selection-bar.tsx";
import type { Selection } from "./use-selection.ts";

/** The browse views' bulk actions on the selected files, each guarded by the scope and role it needs. */
export function FileSelectionBar({ selection }: { selection: Selection<FileBase> }) {
  const access = useAccess();
  const actions = useFileActions();
  const [dialog, setDialog] = useState<"move" | "copy" | "tags" | "property" | "board" | "send" | null>(null);
  const editDenial = access.denial("files:write", "files.edit");
  const deleteDenial = access.denial("files:write", "files.delete");
  const downloadDenial = access.denial("files:read", "files.download");
  const boardDenial = access.denial("boards:write");
  const transferDenial = access.denial("transfers:write", "transfers.create");
  // The dialog lists the properties to choose from, so reading them is needed too.
  const propertyDenial = editDenial ?? access.denial("properties:read");
  const close = () => setDialog(null);
  return (
    <>
      <SelectionBar count={selection.ids.size} onClear={selection.clear}>
        <GuardedButton variant="ghost" size="sm" denial={editDenial} onClick={() => setDialog("move")}>
          <FolderInput className="size-4" aria-hidden="true" /> Move
        </GuardedButton>
        <GuardedButton variant="ghost" size="sm" denial={editDenial} onClick={() => setDialog("copy")}>
          <Copy className="size-4" aria-hidden="true" /> Copy
        </GuardedButton>
        <GuardedButton variant="ghost" size="sm" denial={editDenial} onClick={() => setDialog("tags")}>
          <Tag className="size-4" aria-hidden="true" /> Add tags
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="sm"
          denial={propertyDenial}
          onClick={() => setDialog("property")}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" /> Set property…
        </GuardedButton>
        <GuardedButton variant="ghost" size="sm" denial={boardDenial} onClick={() => setDialog("board")}>
          <LayoutGrid className="size-4" aria-hidden="true" /> Add to board…
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="sm"
          denial={downloadDenial}
          onClick={() => void actions.download(selection.items)}
        >
          <Download className="size-4" aria-hidden="true" /> Download
        </GuardedButton>
        {selection.items.length === 1 && (
          <ShareButton
            variant="ghost"
            size="sm"
            target={{ type: "file", id: selection.items[0]!.id, name: selection.items[0]!.name }}
          />
        )}
        <GuardedButton variant="ghost" size="sm" denial={transferDenial} onClick={() => setDialog("send")}>
          <Send className="size-4" aria-hidden="true" /> Send…
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="sm"
          denial={deleteDenial}
          onClick={() => void actions.trash(selection.items)}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Trash
        </GuardedButton>
      </SelectionBar>
      {(dialog === "move" || dialog === "copy") && (
        <FileDestinationDialog
          mode={dialog}
          files={selection.items}
          open
          onOpenChange={close}
          onDone={dialog === "move" ? selection.clear : undefined}
        />
      )}
      {dialog === "send" && (
        <NewTransferDialog
          open
          onOpenChange={close}
          initialItems={selection.items.map((f) => ({ type: "file" as const, id: f.id, name: f.name }))}
        />
      )}
      {dialog === "tags" && <AddTagsDialog files={selection.items} open onOpenChange={close} />}
      {dialog === "property" && <SetPropertyDialog files={selection.items} open onOpenChange={close} />}
      {dialog === "board" && (
        <AddToBoardDialog
          fileIds={selection.items.map((f) => f.id)}
          title={`Add ${plural(selection.items.length, "file")} to a board`}
          open
          onOpenChange={close}
        />
      )}
    </>
  );
}
