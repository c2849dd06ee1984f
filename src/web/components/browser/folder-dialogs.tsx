import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Folder } from "../../../contract/folders.ts";
import { createFolder, deleteFolder, updateFolder } from "../../../contract/operations/folders.ts";
import { errorMessage } from "../../api/error-message.ts";
import { FOLDER_CHANGES, useInvalidate } from "../../api/files.ts";
import { folderQuery, moveFolderTo } from "../../api/folders.ts";
import { useApiMutation } from "../../api/query.ts";
import { plural } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { ColorPalette } from "./color-palette.tsx";
import { DestinationPicker } from "./destination-picker.tsx";
import type { DropTarget } from "./dnd.ts";

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The rule of the contract's folder names, checked before sending so the message is immediate. */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Enter a name.";
  if (trimmed.length > 255) return "The name must be at most 255 characters.";
  if (/[\\/]/.test(trimmed)) return "The name must not contain / or \\.";
  return null;
}

/** Create a folder (in a library's top level or a parent), or edit one's name and colour. */
export function FolderFormDialog({
  open,
  onOpenChange,
  folder,
  libraryId,
  parentId,
}: DialogState & { folder?: Folder; libraryId?: string; parentId?: string | null }) {
  const [name, setName] = useState(folder?.name ?? "");
  const [color, setColor] = useState<string | null>(folder?.color ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useApiMutation(createFolder, { invalidates: FOLDER_CHANGES });
  const update = useApiMutation(updateFolder, { invalidates: FOLDER_CHANGES });
  const busy = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = nameProblem(name);
    setProblem(issue);
    if (issue) return;
    const onError = (error: unknown) => setProblem(errorMessage(error));
    if (folder) {
      const changes = {
        ...(name.trim() !== folder.name ? { name: name.trim() } : {}),
        ...(color !== folder.color ? { color } : {}),
      };
      if (Object.keys(changes).length === 0) return onOpenChange(false);
      update.mutate(
        { params: { folderId: folder.id }, body: changes },
        {
          onSuccess: (saved) => {
            toast.success(`Folder “${saved.name}” saved`);
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { body: { name: name.trim(), library_id: libraryId!, parent_id: parentId ?? null, color } },
        {
          onSuccess: (created) => {
            toast.success(`Folder “${created.name}” created`);
            onOpenChange(false);
          },
          onError,
        },
      );
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={folder ? "Edit folder" : "New folder"}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="folder-name" label="Name">
          <Input
            id="folder-name"
            autoFocus
            value={name}
            maxLength={255}
            aria-invalid={problem !== null}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <ColorPalette value={color} onChange={setColor} />
        <FormError message={problem} />
        <DialogActions
          submit={folder ? "Save" : "Create folder"}
          disabled={busy}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}

/** Move a folder (with everything in it) to a library's top level or into another folder. */
export function MoveFolderDialog({ open, onOpenChange, folder }: DialogState & { folder: Folder }) {
  const [target, setTarget] = useState<DropTarget | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return setProblem("Choose where to move the folder.");
    setBusy(true);
    try {
      await moveFolderTo(
        folder.id,
        target.type === "folder" ? { folder_id: target.folderId } : { library_id: target.libraryId },
      );
      toast.success(`Moved “${folder.name}” to “${target.name}”`);
      onOpenChange(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      await invalidate(FOLDER_CHANGES);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Move “${folder.name}”`}
      description="Choose a library's top level or a folder. Everything inside the folder moves with it."
    >
      <form onSubmit={submit} className="space-y-3">
        <DestinationPicker value={target} onChange={setTarget} excludedFolderId={folder.id} />
        <FormError message={problem} />
        <DialogActions submit="Move here" disabled={busy || !target} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}

/** Permanent deletion of a folder and its contents, after saying what goes. */
export function DeleteFolderDialog({
  open,
  onOpenChange,
  folder,
  onDeleted,
}: DialogState & { folder: Folder; onDeleted?: () => void }) {
  // A trashed folder's contents are hidden with it, so its counts would read zero: only count active folders.
  const detail = useQuery({ ...folderQuery(folder.id), enabled: open && !folder.trashed_at });
  const remove = useApiMutation(deleteFolder, { invalidates: FOLDER_CHANGES });
  const contents = !detail.data
    ? "everything inside it"
    : detail.data.folder_count === 0
      ? `its ${plural(detail.data.file_count, "file")}`
      : `its ${plural(detail.data.file_count, "file")} and ${plural(detail.data.folder_count, "subfolder")}, with everything in them`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete “${folder.name}” permanently?`}
      confirmLabel="Delete permanently"
      danger
      onConfirm={async () => {
        await remove.mutateAsync({ params: { folderId: folder.id }, query: { permanent: "true" } });
        toast.success(`“${folder.name}” deleted permanently`);
        onOpenChange(false);
        onDeleted?.();
      }}
    >
      <p>
        This deletes the folder “{folder.name}” and {contents} now and for good: nothing goes to the trash,
        and this cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
