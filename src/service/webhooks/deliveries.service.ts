import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { events } from "../db/schema/index.ts";
import type { AuthContext } from "../platform/auth.ts";
import { notFound } from "../platform/errors.ts";
import { actors, emit } from "../platform/outbox.ts";
import { findDelivery, insertDeliveries } from "./deliveries.repository.ts";
import { firstAttempt, toDelivery } from "./delivery-rows.ts";
import { kickDispatch } from "./dispatch.ts";
import { requireManage, requireWebhook } from "./webhooks.service.ts";

export async function getDelivery(db: Db, auth: AuthContext, webhookId: string, deliveryId: string) {
  await requireWebhook(db, auth, webhookId);
  const row = await findDelivery(db, webhookId, deliveryId);
  if (!row) throw notFound("delivery");
  return toDelivery(row);
}

/**
 * `webhook.test` goes through the outbox like every event (actor `api_key`), but only to this endpoint: its
 * delivery is created here, and the fan-out skips the type.
 */
export async function sendTestEvent(db: Db, auth: AuthContext, webhookId: string, requestId: string) {
  const webhook = await requireWebhook(db, auth, webhookId);
  requireManage(auth);
  const event = await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "webhook.test",
    actor: actors.apiKey(auth),
    data: { object: "webhook", id: webhook.id },
    requestId,
  });
  const [seqRow] = await db.select({ seq: events.seq }).from(events).where(eq(events.id, event.id));
  const [row] = await insertDeliveries(db, [
    firstAttempt({
      brandspaceId: auth.brandspace.id,
      webhookId: webhook.id,
      event: { id: event.id, seq: seqRow!.seq, type: "webhook.test" },
      origin: "test",
      enabled: webhook.enabled,
    }),
  ]);
  await kickDispatch(db);
  return toDelivery(row!);
}

/** A new chain for the same event: attempt 1, same event id and body, a fresh signature when sent. */
export async function redeliver(db: Db, auth: AuthContext, webhookId: string, deliveryId: string) {
  const webhook = await requireWebhook(db, auth, webhookId);
  requireManage(auth);
  const source = await findDelivery(db, webhookId, deliveryId);
  if (!source) throw notFound("delivery");
  const [row] = await insertDeliveries(db, [
    firstAttempt({
      brandspaceId: auth.brandspace.id,
      webhookId,
      event: { id: source.eventId, seq: source.eventSeq, type: source.eventType },
      origin: "redeliver",
      enabled: webhook.enabled,
      replayedFromId: source.id,
    }),
  ]);
  await kickDispatch(db);
  return toDelivery(row!);
}
