import { type SQL, sql } from "drizzle-orm";
import type { Delivery, DeliveryOrigin } from "../../contract/webhooks.ts";
import { newId } from "../platform/ids.ts";
import type { DeliveryRow, NewDeliveryRow } from "./deliveries.repository.ts";

/**
 * The chain of an event's fan-out (or test) to one endpoint, named after both: the unique (chain, attempt) index
 * then admits one such chain per (event, endpoint).
 */
export function fanOutChainId(eventId: string, webhookId: string): string {
  return `${eventId}:${webhookId}`;
}

/** `fanOutChainId` in SQL, for `insertFanOut`, which names its chains in the statement. */
export function fanOutChainIdSql(eventId: SQL, webhookId: SQL): SQL {
  return sql`(${eventId}) || ':' || (${webhookId})`;
}

/** Attempt 1 of a new chain for one event and endpoint. */
export function firstAttempt(input: {
  brandspaceId: string;
  webhookId: string;
  event: { id: string; seq: number; type: string };
  origin: DeliveryOrigin;
  enabled: boolean;
  replayedFromId?: string | null;
}): NewDeliveryRow {
  const id = newId("delivery");
  return {
    id,
    chainId:
      input.origin === "fanout" || input.origin === "test"
        ? fanOutChainId(input.event.id, input.webhookId)
        : id,
    brandspaceId: input.brandspaceId,
    webhookId: input.webhookId,
    eventId: input.event.id,
    eventSeq: input.event.seq,
    eventType: input.event.type,
    status: input.enabled ? "pending" : "parked",
    attempt: 1,
    origin: input.origin,
    replayedFromId: input.replayedFromId ?? null,
    scheduledAt: new Date(),
    requestId: newId("request"),
  };
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    object: "delivery",
    id: row.id,
    webhook_id: row.webhookId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempt: row.attempt,
    scheduled_at: row.scheduledAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    http_status: row.httpStatus,
    duration_ms: row.durationMs,
    error_code: row.errorCode,
    response_excerpt: row.responseExcerpt,
    request_id: row.requestId,
    origin: row.origin,
    replayed_from_id: row.replayedFromId,
    created_at: row.createdAt.toISOString(),
  };
}

/** `*` subscribes to every type, including types added to the catalogue later. */
export function subscribes(events: string[], type: string): boolean {
  return events.includes("*") || events.includes(type);
}
