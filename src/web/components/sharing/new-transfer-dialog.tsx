import { useNavigate } from "@tanstack/react-router";
import { FileUp, FolderClosed, Image, X } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { TRANSFER_LIMITS, type Transfer } from "../../../contract/transfers.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useCompleteTransfer, useCreateTransfer } from "../../api/transfers.ts";
import { formatBytes } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field } from "../ui/field.tsx";
import { Input, Textarea } from "../ui/input.tsx";
import { LinkField } from "./copy-button.tsx";
import { LibraryPicker, type TransferItem } from "./library-picker.tsx";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Files and folders picked before opening (the browse selection). */
  initialItems?: TransferItem[];
}

const EXPIRY_DAYS = [1, 3, 7, 14, 30];

/** Waits until every upload of `keys` has finished; rejects when one failed or was canceled. */
async function uploadIntoTransfer(files: File[], transferId: string, onProgress: (done: number) => void) {
  const { uploads } = await import("../upload/upload-runtime.ts");
  const keys = new Set(uploads.add(files, { libraryId: "", folderId: null, transferId }));
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const stop = uploads.onEvent((event) => {
      if (!keys.has(event.item.key)) return;
      if (event.type === "failed") {
        stop();
        reject(new Error(`“${event.item.name}” was not uploaded: ${event.item.error ?? "it failed"}`));
        return;
      }
      if (event.type !== "completed") return;
      onProgress(++done);
      if (done === keys.size) {
        stop();
        resolve();
      }
    });
  });
}

/** Create a transfer: pick brandspace files and folders, add files from the computer, then send. */
export function NewTransferDialog({ open, onOpenChange, initialItems = [] }: Props) {
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const [password, setPassword] = useState("");
  const [days, setDays] = useState(7);
  const [items, setItems] = useState<TransferItem[]>(initialItems);
  const [locals, setLocals] = useState<{ key: string; file: File }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [sent, setSent] = useState<Transfer | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateTransfer();
  const complete = useCompleteTransfer();
  const navigate = useNavigate();
  const busy = progress !== null;

  const pick = (item: TransferItem) =>
    setItems((current) => (current.some((i) => i.id === item.id) ? current : [...current, item]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (items.length === 0 && locals.length === 0) return setProblem("Add at least one file or folder.");
    if (password && password.length < 4) return setProblem("The password needs at least 4 characters.");
    setProblem(null);
    try {
      setProgress("Creating the transfer…");
      const transfer = await create.mutateAsync({
        body: {
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(message.trim() ? { message: message.trim() } : {}),
          ...(password ? { password } : {}),
          expires_at: new Date(Date.now() + days * 86_400_000 - 60_000).toISOString(),
          file_ids: items.filter((i) => i.type === "file").map((i) => i.id),
          folder_ids: items.filter((i) => i.type === "folder").map((i) => i.id),
        },
      });
      if (locals.length > 0) {
        setProgress(`Uploading 0 of ${locals.length}…`);
        await uploadIntoTransfer(
          locals.map((l) => l.file),
          transfer.id,
          (done) => setProgress(`Uploading ${done} of ${locals.length}…`),
        );
      }
      setProgress("Preparing the zip…");
      await complete.mutateAsync({ params: { transferId: transfer.id } });
      setProgress(null);
      setSent(transfer);
    } catch (error) {
      setProblem(errorMessage(error));
      setProgress(null);
    }
  };

  if (sent) {
    const done = () => {
      onOpenChange(false);
      void navigate({ to: "/transfers" });
    };
    return (
      <Dialog open={open} onOpenChange={(next) => !next && done()} title="Transfer created">
        <div className="space-y-4">
          <p className="text-sm">
            Send this link to the recipients. Anyone with it{" "}
            {sent.password_protected ? "and the password " : ""}
            can download “{sent.name}” until {new Date(sent.expires_at).toLocaleDateString()}; its page shows
            the zip as soon as it is ready.
          </p>
          <LinkField url={sent.url} label="Transfer link" />
          <div className="flex justify-end">
            <Button onClick={done}>Done</Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title="New transfer">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="transfer-name" label="Name" optional>
          <Input
            id="transfer-name"
            value={name}
            maxLength={TRANSFER_LIMITS.nameMax}
            placeholder="e.g. Launch assets for the agency"
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field id="transfer-message" label="Message" optional>
          <Textarea
            id="transfer-message"
            value={message}
            maxLength={TRANSFER_LIMITS.messageMax}
            rows={2}
            onChange={(e) => setMessage(e.target.value)}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id="transfer-password" label="Password" optional>
            <Input
              id="transfer-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Field id="transfer-expiry" label="Available for">
            <select
              id="transfer-expiry"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              className="h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            >
              {EXPIRY_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? "1 day" : `${d} days`}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <LibraryPicker onPick={pick} picked={items.map((item) => item.id)} />
        <div>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            aria-label="Files from your computer"
            onChange={(e) => {
              const picked = [...(e.target.files ?? [])].map((file) => ({ key: crypto.randomUUID(), file }));
              setLocals((current) => [...current, ...picked]);
              e.target.value = "";
            }}
          />
          <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
            <FileUp className="size-4" aria-hidden="true" /> Add files from your computer
          </Button>
        </div>
        <ul aria-label="In this transfer" className="space-y-1">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 text-sm">
              {item.type === "folder" ? (
                <FolderClosed className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <Image className="size-4 shrink-0" aria-hidden="true" />
              )}
              <span className="truncate">{item.name}</span>
              <button
                type="button"
                className="ml-auto rounded p-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
                aria-label={`Remove ${item.name}`}
                onClick={() => setItems((current) => current.filter((i) => i.id !== item.id))}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
          {locals.map(({ key, file }) => (
            <li key={key} className="flex items-center gap-2 text-sm">
              <FileUp className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{file.name}</span>
              <span className="text-xs text-zinc-600">{formatBytes(file.size)}</span>
              <button
                type="button"
                className="ml-auto rounded p-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
                aria-label={`Remove ${file.name}`}
                onClick={() => setLocals((current) => current.filter((l) => l.key !== key))}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        {progress && (
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            {progress}
          </p>
        )}
        <FormError message={problem} />
        <DialogActions submit="Create transfer" disabled={busy} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
