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
    description: z.string(),
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
const WebhookDescription = z.string().max(2000, "must be at most 2000 characters");

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
    until: DateTimeInput.optional(),
    event_types: WebhookEvents.optional(),
    only_failed: z.boolean().optional(),
  })
  .refine((b) => b.until === undefined || Date.parse(b.until) >= Date.parse(b.since), {
    message: "until must not be before since",
    path: ["until"],
  });
export type CreateReplayBody = z.infer<typeof CreateReplayBody>;
