import { type FormEvent, type ReactNode, useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { Dialog } from "./dialog.tsx";
import { DialogActions, FormError } from "./dialog-form.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** The confirm button's label: what it does ("Delete endpoint"), not "OK". */
  confirmLabel: string;
  danger?: boolean;
  /** The action; a rejection is shown in the dialog. What follows success (closing, navigating) is the caller's. */
  onConfirm: () => Promise<unknown>;
}

/** A yes/no question before something that cannot be undone, with the service's refusal if there is one. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  danger,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={change} title={title}>
      <form onSubmit={submit} className="space-y-3">
        <div className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">{children}</div>
        <FormError message={error} />
        <DialogActions
          submit={busy ? "Working…" : confirmLabel}
          danger={danger}
          disabled={busy}
          onCancel={() => change(false)}
        />
      </form>
    </Dialog>
  );
}
