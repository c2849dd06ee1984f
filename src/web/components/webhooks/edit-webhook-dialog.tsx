import { getWebhook, listWebhooks, updateWebhook } from "../../../contract/operations/webhooks.ts";
import type { Webhook } from "../../../contract/webhooks.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { Dialog } from "../ui/dialog.tsx";
import { WebhookForm } from "./webhook-form.tsx";

/** Change an endpoint's URL, description or events; only what changed is sent. */
export function EditWebhookDialog({
  webhook,
  open,
  onOpenChange,
}: {
  webhook: Webhook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useApiMutation(updateWebhook, { invalidates: [getWebhook, listWebhooks] });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) update.reset();
  };
  return (
    <Dialog open={open} onOpenChange={close} title="Edit endpoint">
      <WebhookForm
        key={`${webhook.id}:${webhook.updated_at}:${open}`}
        initial={{ url: webhook.url, description: webhook.description ?? "", events: webhook.events }}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        onCancel={() => close(false)}
        onSubmit={(values) => {
          const same = (a: string[], b: string[]) => a.length === b.length && a.every((v) => b.includes(v));
          const body = {
            url: values.url === webhook.url ? undefined : values.url,
            description:
              values.description === (webhook.description ?? "") ? undefined : values.description || null,
            events: same(values.events, webhook.events) ? undefined : values.events,
          };
          if (Object.values(body).every((value) => value === undefined)) {
            close(false);
            return;
          }
          update.mutate(
            { params: { webhookId: webhook.id }, body },
            {
              onSuccess: () => {
                toast.success("Endpoint updated");
                close(false);
              },
            },
          );
        }}
      />
    </Dialog>
  );
}
