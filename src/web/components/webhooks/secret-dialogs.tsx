import { useNavigate } from "@tanstack/react-router";
import {
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rollWebhookSecret,
} from "../../../contract/operations/webhooks.ts";
import type { Webhook } from "../../../contract/webhooks.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { SecretReveal } from "./secret-reveal.tsx";

interface DialogProps {
  webhook: Webhook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Roll the signing secret: a confirmation that explains the 24-hour overlap, then the new secret, once. */
export function RollSecretDialog({ webhook, open, onOpenChange }: DialogProps) {
  const roll = useApiMutation(rollWebhookSecret, { invalidates: [getWebhook, listWebhooks] });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) roll.reset();
  };
  if (roll.data) {
    return (
      <Dialog open={open} onOpenChange={close} title="New signing secret">
        <div className="space-y-4">
          <SecretReveal
            secret={roll.data.secret}
            note="For the next 24 hours deliveries carry two signatures, the new secret's first, so switch your receiver over within a day."
          />
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>I saved the secret</Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title="Roll the signing secret?"
      confirmLabel="Roll secret"
      onConfirm={async () => {
        await roll.mutateAsync({ params: { webhookId: webhook.id } });
        toast.success("Signing secret rolled");
      }}
    >
      <p>
        A new secret replaces <code className="font-mono">{webhook.secret_hint}</code>. For 24 hours every
        delivery is signed with both: the <code className="font-mono">Service-Signature</code> header carries
        two <code className="font-mono">v1</code> values, the new secret's first and the old one's second.
      </p>
      <p>
        Receivers that accept either keep working while you deploy the new secret; after 24 hours only it
        signs.
      </p>
    </ConfirmDialog>
  );
}

/** Delete an endpoint and its delivery history, then go back to the list. */
export function DeleteWebhookDialog({ webhook, open, onOpenChange }: DialogProps) {
  const remove = useApiMutation(deleteWebhook, { invalidates: [listWebhooks] });
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this endpoint?"
      confirmLabel="Delete endpoint"
      danger
      onConfirm={async () => {
        await remove.mutateAsync({ params: { webhookId: webhook.id } });
        toast.success("Endpoint deleted");
        onOpenChange(false);
        void navigate({ to: "/webhooks" });
      }}
    >
      <p>
        <span className="font-medium break-all">{webhook.url}</span> stops receiving events at once, and its
        delivery history is deleted. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
