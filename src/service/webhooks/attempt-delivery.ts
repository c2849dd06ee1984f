import { eq } from "drizzle-orm";
import type { Agent } from "undici";
import type { Db } from "../db/client.ts";
import { events } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { toEnvelope } from "../platform/outbox.ts";
import {
  countExhaustedSince,
  type DeliveryRow,
  insertDeliveries,
  settleDelivery,
} from "./deliveries.repository.ts";
import { nextAttempt } from "./delivery-rows.ts";
import { openSecret } from "./secret-box.ts";
import { type SendOutcome, sendDelivery } from "./send-delivery.ts";
import { signatureHeader } from "./signature.ts";
import {
  autoDisableWebhook,
  findWebhookById,
  markWebhookSuccess,
  type WebhookRow,
} from "./webhooks.repository.ts";

export const USER_AGENT = "Service-Webhooks/1.0";

/** Sends one claimed attempt and records its outcome; a retry is the next attempt's own row. */
export async function attemptDelivery(
  deps: ServiceDeps,
  agent: Agent,
  delivery: DeliveryRow,
  shutdown: AbortSignal,
): Promise<void> {
  const webhook = await findWebhookById(deps.db, delivery.webhookId);
  if (!webhook) return;
  const [event] = await deps.db.select().from(events).where(eq(events.id, delivery.eventId));
  if (!event) {
    // Events are kept 30 days; an attempt that outlived its event cannot be sent again.
    await settleDelivery(deps.db, delivery.id, failure("exhausted", "event_expired"));
    return;
  }
  if (!webhook.enabled) {
    await settleDelivery(deps.db, delivery.id, failure("parked", null));
    return;
  }
  const body = Buffer.from(JSON.stringify(toEnvelope(event, delivery.attempt)), "utf8");
  const headers = {
    "Service-Signature": signatureHeader(signingSecrets(deps, webhook), Math.floor(Date.now() / 1000), body),
    "Service-Webhook-Id": webhook.id,
    "Service-Event-Id": event.id,
    "Service-Event-Type": event.type,
    "Service-Delivery-Id": delivery.id,
    "Service-Delivery-Attempt": String(delivery.attempt),
    "X-Request-Id": delivery.requestId,
    "User-Agent": USER_AGENT,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(body.length),
  };
  const outcome = await sendDelivery(agent, { url: webhook.url, headers, body }, shutdown);
  if (outcome.interrupted) return;
  await deps.db.transaction((tx) => recordOutcome(deps, tx as Db, delivery, outcome));
}

/** The current secret first; the previous one second while its 24 h overlap lasts. */
function signingSecrets(deps: ServiceDeps, webhook: WebhookRow): string[] {
  const key = deps.keyring.key("webhook-encryption");
  const secrets = [openSecret(key, webhook.secretSealed)];
  if (
    webhook.previousSecretSealed &&
    webhook.previousSecretExpiresAt &&
    webhook.previousSecretExpiresAt > new Date()
  ) {
    secrets.push(openSecret(key, webhook.previousSecretSealed));
  }
  return secrets;
}

function failure(status: "exhausted" | "parked", errorCode: string | null) {
  return { status, deliveredAt: null, httpStatus: null, durationMs: null, errorCode, responseExcerpt: null };
}

async function recordOutcome(deps: ServiceDeps, tx: Db, delivery: DeliveryRow, outcome: SendOutcome) {
  const schedule = deps.config.webhookRetryScheduleMs;
  const lastAttempt = Math.min(schedule.length + 1, 6);
  const now = new Date();
  const status = outcome.ok ? "success" : delivery.attempt >= lastAttempt ? "exhausted" : "failed";
  const settled = await settleDelivery(tx, delivery.id, {
    status,
    deliveredAt: now,
    httpStatus: outcome.httpStatus,
    durationMs: outcome.durationMs,
    errorCode: outcome.errorCode,
    responseExcerpt: outcome.responseExcerpt,
  });
  // Settled by another sender after our lease lapsed: it also scheduled what follows.
  if (!settled) return;
  if (outcome.ok) return markWebhookSuccess(tx, delivery.webhookId, now);
  const gone = outcome.httpStatus === 410;
  if (gone) await autoDisableWebhook(tx, delivery.webhookId, "gone");
  if (status === "failed") {
    const delay = schedule[delivery.attempt - 1]! * (0.9 + Math.random() * 0.2);
    await insertDeliveries(tx, [nextAttempt(delivery, new Date(now.getTime() + delay), gone)]);
  } else {
    await disableIfFailing(deps, tx, delivery.webhookId, now);
  }
}

/** No success for the configured window and enough exhausted deliveries in it: disable as `failing`. */
async function disableIfFailing(deps: ServiceDeps, tx: Db, webhookId: string, now: Date) {
  const webhook = await findWebhookById(tx, webhookId);
  if (!webhook?.enabled) return;
  const quietSince = webhook.lastSuccessAt ?? webhook.createdAt;
  if (now.getTime() - quietSince.getTime() < deps.config.webhookFailingAfterMs) return;
  const exhausted = await countExhaustedSince(tx, webhookId, quietSince);
  if (exhausted >= deps.config.webhookFailingMinExhausted) await autoDisableWebhook(tx, webhookId, "failing");
}
