import { type FormEvent, useState } from "react";
import { TRANSFER_LIMITS, type Transfer } from "../../../contract/transfers.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useUpdateTransfer } from "../../api/transfers.ts";
import { toast } from "../../lib/toast.ts";
import { localDayOf } from "../sharing/link-settings.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field, fieldHintId } from "../ui/field.tsx";
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
        <Field id="transfer-settings-name" label="Name">
          <Input
            id="transfer-settings-name"
            value={settings.name}
            maxLength={TRANSFER_LIMITS.nameMax}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>
        <Field id="transfer-settings-message" label="Message" optional>
          <Textarea
            id="transfer-settings-message"
            value={settings.message}
            maxLength={TRANSFER_LIMITS.messageMax}
            rows={3}
            onChange={(e) => set({ message: e.target.value })}
          />
        </Field>
        <Field
          id="transfer-settings-expiry"
          label="Available until"
          hint={
            <>Through the end of that day; at most {TRANSFER_LIMITS.maxDays} days after it was created.</>
          }
        >
          <Input
            id="transfer-settings-expiry"
            type="date"
            value={settings.expiresOn}
            min={localDayOf(new Date().toISOString())}
            max={lastExpiryDay(transfer)}
            aria-describedby={fieldHintId("transfer-settings-expiry")}
            onChange={(e) => set({ expiresOn: e.target.value })}
          />
        </Field>
        <Field
          id="transfer-settings-password"
          label={transfer.password_protected ? "New password" : "Password"}
          optional
        >
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
        </Field>
        <FormError message={problem} />
        <DialogActions submit="Save" disabled={update.isPending} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
