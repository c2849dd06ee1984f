import type { ReactNode } from "react";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error?: Error | null;
  onConfirm: () => void;
}

/** A yes/no question before an action that cannot be undone, with the service's refusal if there is one. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, children, confirmLabel, danger, pending, error, onConfirm } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <div className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">{children}</div>
      {error && (
        <p role="alert" className="mt-3 text-red-600 text-sm dark:text-red-400">
          {error.message}
        </p>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant={danger ? "danger" : "primary"} disabled={pending} onClick={onConfirm}>
          {pending ? "Working…" : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
