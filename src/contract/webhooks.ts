import { z } from "zod";
import { DateTimeInput, Id, NullableTimestamp, Timestamp } from "./common.ts";
import { DELIVERY_STATUSES } from "./delivery-statuses.ts";
import { EVENT_TYPES } from "./events.ts";

export const WEBHOOK_DISABLED_REASONS = ["manual", "failing", "gone"] as const;
export { DELIVERY_STATUSES, type DeliveryStatus } from "./delivery-statuses.ts";
export const DELIVERY_ORIGINS = ["fanout", "redeliver", "replay", "test"] as const;
export type DeliveryOrigin = (typeof DELIVERY_ORIGINS)[number];

export const Webhook = z
  .object({
    object: z.literal("webhook"),
    id: Id,
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    status: z.enum(["enabled", "disabled"]),
    disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    secret_hint: z
      .string()
      .meta({ description: "The secret's prefix and last characters, to tell secrets apart." }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof Webhook>;

export const WebhookWithSecret = Webhook.extend({
  secret: z.string().meta({ description: "`whsec_…`; shown only when created and when rolled." }),
}).meta({ id: "WebhookWithSecret" });

export const WebhookSecret = z
  .object({ object: z.literal("webhook_secret"), secret: z.string() })
  .meta({ id: "WebhookSecret" });

const KNOWN_EVENT_TYPES = new Set<string>(EVENT_TYPES);

/** Catalogue tokens, or exactly `["*"]` for every type including types added later. */
const WebhookEvents = z
  .array(z.string())
  .min(1, "must name at least one event type, or *")
  .max(100)
  .superRefine((tokens, ctx) => {
    if (tokens.includes("*") && tokens.length > 1) {
      ctx.addIssue({ code: "custom", message: "* must be the only element" });
    }
    for (const [index, token] of tokens.entries()) {
      if (token !== "*" && !KNOWN_EVENT_TYPES.has(token)) {
        ctx.addIssue({ code: "custom", path: [index], message: `unknown event type "${token}"` });
      }
    }
  })
  .transform((tokens) => [...new Set(tokens)]);

const WebhookUrl = z.string().max(2048).refine(URL.canParse, "must be an absolute URL");
/** `null` (or leaving it out at creation) means no description. */
const WebhookDescription = z.string().max(2000, "must be at most 2000 characters").nullable();

export const CreateWebhookBody = z.strictObject({
  url: WebhookUrl,
  events: WebhookEvents,
  description: WebhookDescription.optional(),
  enabled: z.boolean().optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z
  .strictObject({
    url: WebhookUrl.optional(),
    events: WebhookEvents.optional(),
    description: WebhookDescription.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: "send at least one of url, events, description, enabled",
  });
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const Delivery = z
  .object({
    object: z.literal("delivery"),
    id: Id,
    webhook_id: Id,
    event_id: Id,
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempt: z.number().int().min(1).max(6),
    scheduled_at: Timestamp,
    delivered_at: NullableTimestamp,
    http_status: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    error_code: z.string().nullable(),
    response_excerpt: z.string().nullable().meta({ description: "The first 1 KiB of the answer." }),
    request_id: z.string(),
    origin: z.enum(DELIVERY_ORIGINS),
    replayed_from_id: Id.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: "Delivery" });
export type Delivery = z.infer<typeof Delivery>;

export const Replay = z
  .object({
    object: z.literal("replay"),
    id: Id,
    webhook_id: Id,
    since: Timestamp,
    until: NullableTimestamp,
    status: z.enum(["queued", "running", "completed"]),
    event_count: z.number().int(),
    created_at: Timestamp,
  })
  .meta({ id: "Replay" });
export type Replay = z.infer<typeof Replay>;

export const CreateReplayBody = z
  .strictObject({
    since: DateTimeInput,
    until: DateTimeInput.nullable().optional(),
    event_types: WebhookEvents.nullable().optional(),
    only_failed: z.boolean().nullable().optional(),
  })
  .refine((b) => b.until == null || Date.parse(b.until) >= Date.parse(b.since), {
    message: "until must not be before since",
    path: ["until"],
  });
export type CreateReplayBody = z.infer<typeof CreateReplayBody>;

export const DeliveryRequest = z
  .object({
    object: z.literal("delivery_request"),
    delivery_id: Id,
    method: z.literal("POST"),
    url: z
      .string()
      .meta({ description: "Where it was sent; the endpoint's current URL while not sent yet." }),
    headers: z.record(z.string(), z.string()).meta({
      description:
        "As sent, `Service-Signature` included; before the attempt is sent every header but the signature, which is made at sending.",
    }),
    body: z
      .string()
      .meta({ description: "The exact signed body (the event envelope with this attempt's number)." }),
    sent: z.boolean(),
  })
  .meta({ id: "DeliveryRequest" });
export type DeliveryRequest = z.infer<typeof DeliveryRequest>;

const HealthHour = z.object({
  start: Timestamp,
  succeeded: z.number().int(),
  failed: z.number().int(),
});

export const WebhookHealth = z
  .object({
    object: z.literal("webhook_health"),
    webhook_id: Id,
    since: Timestamp.meta({ description: "The start of the 24 hours counted." }),
    attempts: z
      .number()
      .int()
      .meta({ description: "Attempts answered in the last 24 hours (sent, or failed)." }),
    succeeded: z.number().int(),
    failed: z.number().int(),
    success_rate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .meta({ description: "succeeded / attempts; null without attempts." }),
    pending: z.number().int().meta({ description: "Attempts scheduled or in flight now." }),
    last_delivery: Delivery.nullable().meta({ description: "The most recently answered attempt, if any." }),
    hours: z.array(HealthHour).meta({ description: "The 24 hours oldest first, the last the current hour." }),
  })
  .meta({ id: "WebhookHealth" });
export type WebhookHealth = z.infer<typeof WebhookHealth>;
