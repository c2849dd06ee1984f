import { type FormEvent, useState } from "react";
import { TRANSFER_LIMITS, type Transfer, type UpdateTransferBody } from "../../../contract/transfers.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useUpdateTransfer } from "../../api/transfers.ts";
import { toast } from "../../lib/toast.ts";
import { localDayOf } from "../sharing/link-settings.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Input, Textarea } from "../ui/input.tsx";
import { changesOf, lastExpiryDay, type TransferSettings, transferSettingsOf } from "./transfer-settings.ts";

/**
 * Changes a live transfer's name, message, expiry and password; its contents are fixed once it is sent. Mount it
 * while open: the form starts from the transfer as it is when mounted.
 */
export function TransferSettingsDialog({
  transfer,
  open,
  onOpenChange,
}: {
  transfer: Transfer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [settings, setSettings] = useState(() => transferSettingsOf(transfer));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTransfer();
  const set = (change: Partial<TransferSettings>) => setSettings((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings.name.trim()) return setProblem("Give the transfer a name.");
    if (!settings.expiresOn) return setProblem("Choose the last day it is available.");
    const body = changesOf(settings, transfer);
    if (!body) return onOpenChange(false);
    setProblem(null);
    try {
      await update.mutateAsync({ params: { transferId: transfer.id }, body });
      toast.success(`“${body.name ?? transfer.name}” saved`);
      onOpenChange(false);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Transfer settings">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor="transfer-settings-name" className="mb-1 block font-medium text-sm">
            Name
          </label>
          <Input
            id="transfer-settings-name"
            value={settings.name}
            maxLength={TRANSFER_LIMITS.nameMax}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="transfer-settings-message" className="mb-1 block font-medium text-sm">
            Message <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional)</span>
          </label>
          <Textarea
            id="transfer-settings-message"
            value={settings.message}
            maxLength={TRANSFER_LIMITS.messageMax}
            rows={3}
            onChange={(e) => set({ message: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="transfer-settings-expiry" className="mb-1 block font-medium text-sm">
            Available until
          </label>
          <Input
            id="transfer-settings-expiry"
            type="date"
            value={settings.expiresOn}
            min={localDayOf(new Date().toISOString())}
            max={lastExpiryDay(transfer)}
            aria-describedby="transfer-settings-expiry-hint"
            onChange={(e) => set({ expiresOn: e.target.value })}
          />
          <p id="transfer-settings-expiry-hint" className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            Through the end of that day; at most {TRANSFER_LIMITS.maxDays} days after it was created.
          </p>
        </div>
        <div>
          <label htmlFor="transfer-settings-password" className="mb-1 block font-medium text-sm">
            {transfer.password_protected ? "New password" : "Password"}{" "}
            <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional)</span>
          </label>
          <Input
            id="transfer-settings-password"
            type="password"
            autoComplete="new-password"
            value={settings.password}
            disabled={settings.removePassword}
            onChange={(e) => set({ password: e.target.value })}
          />
          {transfer.password_protected && (
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={settings.removePassword}
                onChange={(e) => set({ removePassword: e.target.checked, password: "" })}
              />
              Remove the password
            </label>
          )}
        </div>
        <FormError message={problem} />
        <DialogActions submit="Save" disabled={update.isPending} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
