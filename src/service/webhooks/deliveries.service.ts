import type { DeliveryStatus } from "../../contract/webhooks.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { findDelivery, insertDeliveries, listDeliveryRows } from "./deliveries.repository.ts";
import { firstAttempt, toDelivery } from "./delivery-rows.ts";
import { kickDispatch } from "./dispatch.ts";
import { eventSeq } from "./webhook-events.repository.ts";
import { requireManage, requireWebhook } from "./webhooks.service.ts";

type DeliveryRef = { webhookId: string; deliveryId: string };

/** An endpoint's deliveries, newest first, optionally of one status. */
export async function listDeliveries(
  ctx: ServiceContext,
  { webhookId, status, ...page }: PageRequest & { webhookId: string; status?: DeliveryStatus },
) {
  await requireWebhook(ctx, webhookId);
  return paginate(ctx.deps.cursors, page, {
    name: `deliveries:${webhookId}:${status ?? ""}`,
    fetch: (limit, after: [string, string] | null) =>
      listDeliveryRows(ctx.db, webhookId, { status, limit, after }),
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    present: (rows) => rows.map(toDelivery),
  });
}

export async function getDelivery(ctx: ServiceContext, { webhookId, deliveryId }: DeliveryRef) {
  await requireWebhook(ctx, webhookId);
  const row = await findDelivery(ctx.db, webhookId, deliveryId);
  if (!row) throw notFound("delivery");
  return toDelivery(row);
}

/**
 * `webhook.test` goes through the outbox like every event (actor `api_key`), but only to this endpoint: its
 * delivery is created here, and the fan-out skips the type.
 */
export async function sendTestEvent(
  ctx: ServiceContext,
  { webhookId, requestId }: { webhookId: string; requestId: string },
) {
  const { db, auth } = ctx;
  const webhook = await requireWebhook(ctx, webhookId);
  requireManage(auth);
  const event = await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "webhook.test",
    actor: actors.apiKey(auth),
    data: { object: "webhook", id: webhook.id },
    requestId,
  });
  const [row] = await insertDeliveries(db, [
    firstAttempt({
      brandspaceId: auth.brandspace.id,
      webhookId: webhook.id,
      event: { id: event.id, seq: await eventSeq(db, event.id), type: "webhook.test" },
      origin: "test",
      enabled: webhook.enabled,
    }),
  ]);
  await kickDispatch(db);
  return toDelivery(row!);
}

/** A new chain for the same event: attempt 1, same event id and body, a fresh signature when sent. */
export async function redeliver(ctx: ServiceContext, { webhookId, deliveryId }: DeliveryRef) {
  const { db, auth } = ctx;
  const webhook = await requireWebhook(ctx, webhookId);
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
