import { type FormEvent, type ReactNode, useState } from "react";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions } from "../ui/dialog-form.tsx";

/** A yes/no question before something irreversible; the confirm button says what it does. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirm,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirm: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form onSubmit={submit} className="space-y-3">
        <div className="text-sm text-zinc-700 dark:text-zinc-300">{children}</div>
        <DialogActions submit={confirm} danger disabled={busy} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
