import type { Agent } from "undici";
import type { ServiceDeps } from "../deps.ts";
import { type EnvelopeSource, toEnvelope } from "../platform/outbox.ts";
import type { ClaimedAttempt } from "./delivery-queue.repository.ts";
import type { AttemptResult } from "./record-results.ts";
import { openSecret } from "./secret-box.ts";
import { sendDelivery } from "./send-delivery.ts";
import { signatureHeader } from "./signature.ts";
import type { WebhookRow } from "./webhooks.repository.ts";

export const USER_AGENT = "Service-Webhooks/1.0";

/** What a batch of claimed attempts needs to be sent: their events, and their endpoints as last read. */
export interface SendBatch {
  events: Map<string, EnvelopeSource>;
  /** By id; shared with the loop, whose reads of an endpoint replace its entry (its opened secrets with it). */
  endpoints: Map<string, SendingEndpoint>;
  /** Each (event, attempt number)'s body, made once for all the endpoints it goes to. */
  bodies?: Map<string, Buffer>;
}

/** An endpoint as a dispatch loop last read it: its row, the row's `sendingVersion`, its secrets once opened. */
export interface SendingEndpoint {
  row: WebhookRow;
  version: string;
  secrets?: OpenedSecrets;
}

/** An endpoint's signing secrets, good until `untilMs` (when the previous one's overlap ends). */
export interface OpenedSecrets {
  secrets: string[];
  untilMs: number;
}

/**
 * Sends one claimed attempt and says what became of it, for the recorder; null when there is nothing to record
 * (the endpoint was deleted with its deliveries, or the sender is shutting down and the lease will lapse).
 */
export async function attemptDelivery(
  deps: ServiceDeps,
  agent: Agent,
  batch: SendBatch,
  delivery: ClaimedAttempt,
  shutdown: AbortSignal,
): Promise<AttemptResult | null> {
  const endpoint = batch.endpoints.get(delivery.webhookId);
  if (!endpoint) return null;
  const webhook = endpoint.row;
  const event = batch.events.get(delivery.eventId);
  // Events are kept 30 days; an attempt that outlived its event cannot be sent again.
  if (!event) return { kind: "unsendable", delivery, status: "exhausted", errorCode: "event_expired" };
  if (!webhook.enabled) return { kind: "unsendable", delivery, status: "parked", errorCode: null };
  const body = batchBody(batch, event, delivery.attempt);
  const signature = signatureHeader(
    signingSecrets(deps.keyring.key("webhook-encryption"), endpoint),
    Math.floor(Date.now() / 1000),
    body,
  );
  const headers = { "Service-Signature": signature, ...unsignedHeaders(delivery, event, body) };
  const outcome = await sendDelivery(agent, { url: webhook.url, headers, body }, shutdown);
  if (outcome.interrupted) return null;
  return { kind: "sent", delivery, outcome, at: new Date(), sent: { url: webhook.url, signature } };
}

function batchBody(batch: SendBatch, event: EnvelopeSource, attempt: number): Buffer {
  batch.bodies ??= new Map();
  const key = `${attempt} ${event.id}`;
  let body = batch.bodies.get(key);
  if (!body) {
    body = deliveryBody(event, attempt);
    batch.bodies.set(key, body);
  }
  return body;
}

/** The exact bytes an attempt sends (and shows afterwards): the event's envelope with the attempt's number. */
export function deliveryBody(event: EnvelopeSource, attempt: number): Buffer {
  return Buffer.from(JSON.stringify(toEnvelope(event, attempt)), "utf8");
}

/** Every header of an attempt but the signature, which is made at sending. */
export function unsignedHeaders(
  delivery: Pick<ClaimedAttempt, "id" | "webhookId" | "attempt" | "requestId">,
  event: Pick<EnvelopeSource, "id" | "type">,
  body: Buffer,
): Record<string, string> {
  return {
    "Service-Webhook-Id": delivery.webhookId,
    "Service-Event-Id": event.id,
    "Service-Event-Type": event.type,
    "Service-Delivery-Id": delivery.id,
    "Service-Delivery-Attempt": String(delivery.attempt),
    "X-Request-Id": delivery.requestId,
    "User-Agent": USER_AGENT,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(body.length),
  };
}

/**
 * The current secret first; the previous one second while its 24 h overlap lasts. Opened once and kept on the
 * endpoint until the overlap ends.
 */
export function signingSecrets(
  key: Buffer,
  endpoint: {
    row: Pick<WebhookRow, "secretSealed" | "previousSecretSealed" | "previousSecretExpiresAt">;
    secrets?: OpenedSecrets;
  },
  now = Date.now(),
): string[] {
  const known = endpoint.secrets;
  if (known && now < known.untilMs) return known.secrets;
  const { row } = endpoint;
  const secrets = [openSecret(key, row.secretSealed)];
  const previousUntil = row.previousSecretExpiresAt?.getTime() ?? 0;
  const previous = previousUntil > now ? row.previousSecretSealed : null;
  if (previous) secrets.push(openSecret(key, previous));
  endpoint.secrets = { secrets, untilMs: previous ? previousUntil : Number.POSITIVE_INFINITY };
  return secrets;
}
