import { type FormEvent, useState } from "react";
import { CreateImportBody } from "../../../contract/imports.ts";
import { createImport } from "../../../contract/operations/imports.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { queueImport } from "./upload-queue.ts";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  libraryId: string;
  folderId: string | null;
  /** Where it goes, in words ("Brand Assets", "Logos"). */
  placeName: string;
}

/** Import a file from a web address into a library or folder; its progress shows in the upload panel. */
export function ImportUrlDialog({ open, onOpenChange, libraryId, folderId, placeName }: Props) {
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const start = useApiMutation(createImport);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      url: url.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(folderId ? { folder_id: folderId } : { library_id: libraryId }),
    };
    const parsed = CreateImportBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(issue.path[0] === "url" ? `The address ${issue.message}.` : `The name ${issue.message}.`);
      return;
    }
    setProblem(null);
    start.mutate(
      { body },
      {
        onSuccess: (record) => {
          queueImport(record);
          toast.success("Import started", { description: "Its progress shows in the upload panel." });
          onOpenChange(false);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Import from URL into “${placeName}”`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="import-url" label="Web address">
          <Input
            id="import-url"
            type="url"
            autoFocus
            placeholder="https://example.com/logo.png"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <Field id="import-name" label="Name" optional="taken from the server">
          <Input id="import-name" value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
        </Field>
        <FormError message={problem} />
        <DialogActions
          submit="Import"
          disabled={start.isPending || !url.trim()}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
