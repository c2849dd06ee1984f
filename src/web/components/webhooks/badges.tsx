import type { DeliveryStatus, Webhook } from "../../../contract/webhooks.ts";
import { Badge, type Tone } from "../ui/badge.tsx";

const DELIVERY_TONES: Record<DeliveryStatus, Tone> = {
  pending: "blue",
  success: "green",
  failed: "amber",
  exhausted: "red",
  parked: "grey",
};

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Pending",
  success: "Succeeded",
  // Each attempt is a delivery of its own: a failed one has its next attempt after it, scheduled or sent.
  failed: "Failed, retried",
  exhausted: "Failed, gave up",
  parked: "Parked",
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <Badge tone={DELIVERY_TONES[status]}>{DELIVERY_STATUS_LABELS[status]}</Badge>;
}

/** Why an endpoint is disabled, in a sentence for its detail page. */
export const DISABLED_REASONS: Record<
  NonNullable<Webhook["disabled_reason"]>,
  { short: string; long: string }
> = {
  manual: {
    short: "Disabled",
    long: "Disabled by hand. New events are parked and sent when you enable it again.",
  },
  failing: {
    short: "Disabled: failing",
    long: "Disabled automatically: no delivery succeeded for days while many gave up after every retry. Fix the receiver, then enable it: parked events are sent then.",
  },
  gone: {
    short: "Disabled: gone",
    long: "Disabled automatically: the endpoint answered 410 Gone. Enable it again once the URL accepts events.",
  },
};

export function WebhookStatusBadge({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return <Badge tone="green">Enabled</Badge>;
  const reason = webhook.disabled_reason ?? "manual";
  return <Badge tone={reason === "manual" ? "grey" : "red"}>{DISABLED_REASONS[reason].short}</Badge>;
}
