import { History, KeyRound, MoreHorizontal, Pencil, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { getWebhookHealth, listDeliveries, testWebhook } from "../../../contract/operations/webhooks.ts";
import type { Webhook } from "../../../contract/webhooks.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { LazyMenu } from "../ui/lazy-menu.tsx";
import { EditWebhookDialog } from "./edit-webhook-dialog.tsx";
import { DeleteWebhookDialog, RollSecretDialog } from "./secret-dialogs.tsx";

export interface WebhookActionsProps {
  webhook: Webhook;
  denial: string | null;
  /** Why the endpoint itself may not be edited, rolled or deleted (beside `denial`), or null. */
  manageDenial: string | null;
  onReplay: () => void;
  onTestSent: (deliveryId: string) => void;
}

/** The endpoint page's actions: test, replay, edit, and (in a menu) roll the secret or delete. */
export function WebhookActions({ webhook, denial, manageDenial, onReplay, onTestSent }: WebhookActionsProps) {
  const [dialog, setDialog] = useState<"edit" | "roll" | "delete" | null>(null);
  const test = useApiMutation(testWebhook, { invalidates: [listDeliveries, getWebhookHealth] });
  const sendTest = () =>
    test.mutate(
      { params: { webhookId: webhook.id } },
      {
        onSuccess: (delivery) => {
          toast.success(webhook.enabled ? "Test event sent" : "Test event parked: the endpoint is disabled", {
            action: { label: "View", onClick: () => onTestSent(delivery.id) },
          });
        },
        onError: (error) => toast.error(error.message),
      },
    );
  const openDialog = (name: "edit" | "roll" | "delete") => () => setDialog(name);
  const closeDialog = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <GuardedButton
        variant="secondary"
        className="whitespace-nowrap"
        denial={denial}
        onClick={sendTest}
        disabled={test.isPending}
      >
        <Send className="size-4" aria-hidden="true" /> {test.isPending ? "Sending…" : "Send test event"}
      </GuardedButton>
      <GuardedButton variant="secondary" className="whitespace-nowrap" denial={denial} onClick={onReplay}>
        <History className="size-4" aria-hidden="true" /> Replay…
      </GuardedButton>
      <GuardedButton variant="secondary" denial={manageDenial} onClick={openDialog("edit")}>
        <Pencil className="size-4" aria-hidden="true" /> Edit
      </GuardedButton>
      {manageDenial ? (
        <GuardedButton variant="ghost" size="icon" denial={manageDenial} aria-label="More endpoint actions">
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </GuardedButton>
      ) : (
        <LazyMenu
          align="end"
          sideOffset={6}
          className="min-w-44"
          trigger={
            <Button variant="ghost" size="icon" aria-label="More endpoint actions">
              <MoreHorizontal className="size-4" aria-hidden="true" />
            </Button>
          }
        >
          {(M) => (
            <>
              <M.Item onSelect={openDialog("roll")}>
                <KeyRound className="size-4" aria-hidden="true" /> Roll signing secret…
              </M.Item>
              <M.Item variant="danger" onSelect={openDialog("delete")}>
                <Trash2 className="size-4" aria-hidden="true" /> Delete endpoint…
              </M.Item>
            </>
          )}
        </LazyMenu>
      )}
      <EditWebhookDialog webhook={webhook} open={dialog === "edit"} onOpenChange={closeDialog} />
      <RollSecretDialog webhook={webhook} open={dialog === "roll"} onOpenChange={closeDialog} />
      <DeleteWebhookDialog webhook={webhook} open={dialog === "delete"} onOpenChange={closeDialog} />
    </>
  );
}
