import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import type { LibraryDetail } from "../../../contract/libraries.ts";
import {
  deleteLibrary,
  getLibrary,
  listLibraries,
  updateLibrary,
} from "../../../contract/operations/libraries.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useApiMutation } from "../../api/query.ts";
import { formatBytes, plural } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field } from "../ui/field.tsx";
import { Input, Textarea } from "../ui/input.tsx";

interface Props {
  library: LibraryDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Rename a library or change its description. */
export function EditLibraryDialog({ library, open, onOpenChange }: Props) {
  const [name, setName] = useState(library.name);
  const [description, setDescription] = useState(library.description ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const update = useApiMutation(updateLibrary, { invalidates: [listLibraries, getLibrary] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem("Enter a name.");
    const body = {
      ...(name.trim() !== library.name ? { name: name.trim() } : {}),
      ...(description !== (library.description ?? "") ? { description: description || null } : {}),
    };
    if (Object.keys(body).length === 0) return onOpenChange(false);
    update.mutate(
      { params: { libraryId: library.id }, body },
      {
        onSuccess: (saved) => {
          toast.success(`Library “${saved.name}” saved`);
          onOpenChange(false);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit library">
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field id="library-edit-name" label="Name">
          <Input
            id="library-edit-name"
            autoFocus
            maxLength={255}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field id="library-edit-description" label="Description">
          <Textarea
            id="library-edit-description"
            rows={3}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <FormError message={problem} />
        <DialogActions submit="Save" disabled={update.isPending} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}

/** Permanent deletion of a library: says what goes and asks for its name. */
export function DeleteLibraryDialog({ library, open, onOpenChange }: Props) {
  const [typed, setTyped] = useState("");
  const remove = useApiMutation(deleteLibrary, { invalidates: [listLibraries] });
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(
      { params: { libraryId: library.id } },
      {
        onSuccess: () => {
          toast.success(`Library “${library.name}” deleted`);
          onOpenChange(false);
          void navigate({ to: "/" });
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Delete “${library.name}”?`}>
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          This permanently deletes the library with its {plural(library.folder_count, "folder")} and{" "}
          {plural(library.file_count, "file")} ({formatBytes(library.size)}). Nothing goes to the trash and
          this cannot be undone.
        </p>
        <Field id="library-delete-confirm" label="Type the library's name to confirm">
          <Input
            id="library-delete-confirm"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Field>
        <FormError message={remove.error ? errorMessage(remove.error) : null} />
        <DialogActions
          submit="Delete library"
          danger
          disabled={remove.isPending || typed.trim() !== library.name}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
