import { Switch } from "radix-ui";
import {
  getWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
} from "../../../contract/operations/webhooks.ts";
import type { Webhook } from "../../../contract/webhooks.ts";
import { useApiMutation } from "../../api/query.ts";
import { cn } from "../../lib/cn.ts";
import { toast } from "../../lib/toast.ts";
import { DetailList, DetailRow } from "../ui/detail-list.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { Tooltip } from "../ui/tooltip.tsx";
import { DISABLED_REASONS, WebhookStatusBadge } from "./badges.tsx";
import { EventsSummary } from "./events-summary.tsx";

function EnabledSwitch({ webhook, denial }: { webhook: Webhook; denial: string | null }) {
  const update = useApiMutation(updateWebhook, { invalidates: [getWebhook, listWebhooks, listDeliveries] });
  const toggle = (enabled: boolean) =>
    update.mutate(
      { params: { webhookId: webhook.id }, body: { enabled } },
      {
        onSuccess: () =>
          toast.success(
            enabled
              ? "Endpoint enabled: parked deliveries are sent now"
              : "Endpoint disabled: new events are parked",
          ),
        onError: (error) => toast.error(error.message),
      },
    );
  const control = (
    <Switch.Root
      id="webhook-enabled"
      checked={webhook.enabled}
      onCheckedChange={denial ? undefined : toggle}
      disabled={update.isPending}
      aria-disabled={denial ? true : undefined}
      className={cn(
        "relative h-5 w-9 shrink-0 rounded-full bg-zinc-300 transition-colors data-[state=checked]:bg-accent-600 dark:bg-zinc-700",
        (denial || update.isPending) && "cursor-not-allowed opacity-60",
      )}
    >
      <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
    </Switch.Root>
  );
  return (
    <div className="flex items-center gap-2">
      {denial ? <Tooltip content={denial}>{control}</Tooltip> : control}
      <label htmlFor="webhook-enabled" className="text-sm">
        Enabled
      </label>
    </div>
  );
}

/** An endpoint's settings: status with the reason it was disabled, URL, events, secret hint, dates. */
export function WebhookOverview({ webhook, denial }: { webhook: Webhook; denial: string | null }) {
  const reason = webhook.enabled ? null : DISABLED_REASONS[webhook.disabled_reason ?? "manual"];
  return (
    <section aria-labelledby="webhook-overview-heading" className="mx-6">
      <h2 id="webhook-overview-heading" className="sr-only">
        Endpoint details
      </h2>
      <DetailList>
        <DetailRow label="Status">
          <div className="flex flex-wrap items-center gap-3">
            <EnabledSwitch webhook={webhook} denial={denial} />
            {!webhook.enabled && <WebhookStatusBadge webhook={webhook} />}
          </div>
          {reason && <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">{reason.long}</p>}
        </DetailRow>
        <DetailRow label="URL">
          <span className="break-all font-mono text-[13px]">{webhook.url}</span>
        </DetailRow>
        {webhook.description && <DetailRow label="Description">{webhook.description}</DetailRow>}
        <DetailRow label="Events">
          <EventsSummary events={webhook.events} />
        </DetailRow>
        <DetailRow label="Signing secret">
          <code className="font-mono text-[13px]">{webhook.secret_hint}</code>
        </DetailRow>
        <DetailRow label="Created">
          <RelativeTime iso={webhook.created_at} />
          {webhook.updated_at !== webhook.created_at && (
            <span className="text-zinc-600 dark:text-zinc-400">
              {" "}
              · updated <RelativeTime iso={webhook.updated_at} />
            </span>
          )}
        </DetailRow>
        <DetailRow label="ID">
          <code className="font-mono text-[13px]">{webhook.id}</code>
        </DetailRow>
      </DetailList>
    </section>
  );
}
