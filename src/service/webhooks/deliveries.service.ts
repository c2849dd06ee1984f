import type { DeliveryStatus } from "../../contract/webhooks.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { deliveryBody, unsignedHeaders } from "./attempt-delivery.ts";
import {
  findDelivery,
  insertDeliveries,
  lastAnswered,
  listChain,
  listDeliveryRows,
  outcomesByHour,
} from "./deliveries.repository.ts";
import { firstAttempt, toDelivery } from "./delivery-rows.ts";
import { kickDispatch } from "./dispatch.ts";
import { eventSeq, findEvents } from "./webhook-events.repository.ts";
import { requireWebhook } from "./webhooks.service.ts";

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

/** Every attempt of the delivery's chain, attempt 1 first (one page: a chain has at most six). */
export async function listAttempts(ctx: ServiceContext, { webhookId, deliveryId }: DeliveryRef) {
  await requireWebhook(ctx, webhookId);
  const row = await findDelivery(ctx.db, webhookId, deliveryId);
  if (!row) throw notFound("delivery");
  const chain = await listChain(ctx.db, webhookId, row.chainId);
  return { object: "list" as const, data: chain.map(toDelivery), has_more: false, next_cursor: null };
}

/**
 * The request of one attempt as it was sent: the body is rebuilt from the kept event (the same bytes: the
 * envelope is a pure function of the event and the attempt), the signature and URL are the ones recorded.
 */
export async function deliveryRequest(ctx: ServiceContext, { webhookId, deliveryId }: DeliveryRef) {
  const webhook = await requireWebhook(ctx, webhookId);
  const row = await findDelivery(ctx.db, webhookId, deliveryId);
  if (!row) throw notFound("delivery");
  const [event] = await findEvents(ctx.db, [row.eventId]);
  if (!event) throw notFound("delivery request (its event is kept 30 days)");
  const body = deliveryBody(event, row.attempt);
  const sent = row.sentSignature !== null;
  return {
    object: "delivery_request" as const,
    delivery_id: row.id,
    method: "POST" as const,
    url: row.sentUrl ?? webhook.url,
    headers: {
      ...(sent ? { "Service-Signature": row.sentSignature! } : {}),
      ...unsignedHeaders(row, event, body),
    },
    body: body.toString("utf8"),
    sent,
  };
}

const HOUR_MS = 3_600_000;
const HEALTH_HOURS = 24;

/** The endpoint's last 24 hours at a glance: outcomes per hour, the success rate and its latest answer. */
export async function webhookHealth(ctx: ServiceContext, { webhookId }: { webhookId: string }) {
  await requireWebhook(ctx, webhookId);
  const currentHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const since = new Date(currentHour - (HEALTH_HOURS - 1) * HOUR_MS);
  const [rows, last] = await Promise.all([
    outcomesByHour(ctx.db, webhookId, since),
    lastAnswered(ctx.db, webhookId),
  ]);
  const byHour = new Map(rows.map((row) => [new Date(row.hour).getTime(), row]));
  const hours = Array.from({ length: HEALTH_HOURS }, (_, i) => {
    const start = since.getTime() + i * HOUR_MS;
    const row = byHour.get(start);
    return { start: new Date(start).toISOString(), succeeded: row?.succeeded ?? 0, failed: row?.failed ?? 0 };
  });
  const succeeded = hours.reduce((sum, h) => sum + h.succeeded, 0);
  const failed = hours.reduce((sum, h) => sum + h.failed, 0);
  const attempts = succeeded + failed;
  return {
    object: "webhook_health" as const,
    webhook_id: webhookId,
    since: since.toISOString(),
    attempts,
    succeeded,
    failed,
    success_rate: attempts === 0 ? null : succeeded / attempts,
    pending: rows.reduce((sum, row) => sum + row.pending, 0),
    last_delivery: last ? toDelivery(last) : null,
    hours,
  };
}
