import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { createLibrary, listLibraries } from "../../../contract/operations/libraries.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/** "New library" (the libraries page and the command palette): name and description, then the new library opens. */
export function NewLibraryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fieldId = useId();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const create = useApiMutation(createLibrary, { invalidates: [listLibraries] });
  const navigate = useNavigate();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setName("");
      setDescription("");
      create.reset();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { body: { name: name.trim(), description: description.trim() || undefined } },
      {
        onSuccess: (library) => {
          toast.success(`Library “${library.name}” created`);
          close(false);
          void navigate({ to: "/libraries/$libraryId", params: { libraryId: library.id } });
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={close} title="New library">
      <form onSubmit={submit} className="space-y-3">
        <Field id={`${fieldId}-name`} label="Name">
          <Input
            id={`${fieldId}-name`}
            required
            autoFocus
            maxLength={255}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field id={`${fieldId}-description`} label="Description" optional>
          <Input
            id={`${fieldId}-description`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <FormError message={create.error ? errorMessage(create.error) : null} />
        <DialogActions
          submit={create.isPending ? "Creating…" : "Create library"}
          disabled={create.isPending || !name.trim()}
          onCancel={() => close(false)}
        />
      </form>
    </Dialog>
  );
}
