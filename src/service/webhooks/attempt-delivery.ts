import type { Agent } from "undici";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { type EnvelopeSource, toEnvelope } from "../platform/outbox.ts";
import type { Claim, ClaimedAttempt } from "./delivery-queue.repository.ts";
import type { AttemptResult } from "./record-results.ts";
import { openSecret } from "./secret-box.ts";
import { sendDelivery } from "./send-delivery.ts";
import { signatureHeader } from "./signature.ts";
import { findWebhooksByIds, type WebhookRow } from "./webhooks.repository.ts";

export const USER_AGENT = "Service-Webhooks/1.0";

/** What a batch of claimed attempts needs to be sent, read once for the batch: their events and endpoints. */
export interface SendBatch {
  events: Map<string, EnvelopeSource>;
  webhooks: Map<string, WebhookRow>;
  /** Opened once per endpoint and batch. */
  secrets: Map<string, string[]>;
  /** Each (event, attempt number)'s body, made once for all the endpoints it goes to. */
  bodies?: Map<string, Buffer>;
}

/** A claim's attempts with their events (the claim brought them) and their endpoints, read now. */
export async function loadSendBatch(db: Db, claim: Claim): Promise<SendBatch> {
  const webhooks = await findWebhooksByIds(db, [...new Set(claim.attempts.map((d) => d.webhookId))]);
  return { events: new Map(claim.events.map((event) => [event.id, event])), webhooks, secrets: new Map() };
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
  const webhook = batch.webhooks.get(delivery.webhookId);
  if (!webhook) return null;
  const event = batch.events.get(delivery.eventId);
  // Events are kept 30 days; an attempt that outlived its event cannot be sent again.
  if (!event) return { kind: "unsendable", delivery, status: "exhausted", errorCode: "event_expired" };
  if (!webhook.enabled) return { kind: "unsendable", delivery, status: "parked", errorCode: null };
  const body = batchBody(batch, event, delivery.attempt);
  const signature = signatureHeader(
    signingSecrets(deps, batch, webhook),
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

/** The current secret first; the previous one second while its 24 h overlap lasts. */
function signingSecrets(deps: ServiceDeps, batch: SendBatch, webhook: WebhookRow): string[] {
  const opened = batch.secrets.get(webhook.id);
  if (opened) return opened;
  const key = deps.keyring.key("webhook-encryption");
  const secrets = [openSecret(key, webhook.secretSealed)];
  if (
    webhook.previousSecretSealed &&
    webhook.previousSecretExpiresAt &&
    webhook.previousSecretExpiresAt > new Date()
  ) {
    secrets.push(openSecret(key, webhook.previousSecretSealed));
  }
  batch.secrets.set(webhook.id, secrets);
  return secrets;
}
