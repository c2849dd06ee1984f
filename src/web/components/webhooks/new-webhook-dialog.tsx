import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { createWebhook, listWebhooks } from "../../../contract/operations/webhooks.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { SecretReveal } from "./secret-reveal.tsx";
import { WebhookForm } from "./webhook-form.tsx";

/** "New endpoint": the form, then the signing secret, shown once, before going to the endpoint's page. */
export function NewWebhookDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useApiMutation(createWebhook, { invalidates: [listWebhooks] });
  const navigate = useNavigate();
  const [formKey, setFormKey] = useState(0);
  const created = create.data;
  const close = () => {
    onOpenChange(false);
    create.reset();
    setFormKey((key) => key + 1);
  };
  const done = () => {
    const id = created?.id;
    close();
    if (id) void navigate({ to: "/webhooks/$webhookId", params: { webhookId: id } });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : created ? done() : close())}
      title={created ? "Endpoint created" : "New endpoint"}
      description={
        created
          ? created.url
          : "The service signs every delivery so that your receiver can check where it came from."
      }
    >
      {created ? (
        <div className="space-y-4">
          <SecretReveal secret={created.secret} />
          <div className="flex justify-end">
            <Button onClick={done}>I saved the secret</Button>
          </div>
        </div>
      ) : (
        <WebhookForm
          key={formKey}
          initial={{ url: "", description: "", events: ["*"] }}
          submitLabel="Create endpoint"
          pending={create.isPending}
          error={create.error}
          onCancel={close}
          onSubmit={(values) =>
            create.mutate(
              {
                body: {
                  url: values.url,
                  events: values.events,
                  description: values.description || undefined,
                },
              },
              { onSuccess: (webhook) => toast.success(`Endpoint created for ${new URL(webhook.url).host}`) },
            )
          }
        />
      )}
    </Dialog>
  );
}
