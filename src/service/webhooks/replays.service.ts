import { and, asc, desc, eq, gte, inArray, lte, ne } from "drizzle-orm";
import type { CreateReplayBody, Replay } from "../../contract/webhooks.ts";
import type { Db } from "../db/client.ts";
import { events, webhookDeliveries, webhookReplays, webhooks } from "../db/schema/index.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { AuthContext } from "../platform/auth.ts";
import { notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { insertDeliveries } from "./deliveries.repository.ts";
import { firstAttempt, subscribes } from "./delivery-rows.ts";
import { kickDispatch } from "./dispatch.ts";
import { requireManage, requireWebhook } from "./webhooks.service.ts";

/** More than this many events in one replay: narrow the range or send another replay. */
const REPLAY_MAX_EVENTS = 10_000;

type ReplayRow = typeof webhookReplays.$inferSelect;

function toReplay(row: ReplayRow): Replay {
  return {
    object: "replay",
    id: row.id,
    webhook_id: row.webhookId,
    since: row.since.toISOString(),
    until: row.until?.toISOString() ?? null,
    status: row.status,
    event_count: row.eventCount,
    created_at: row.createdAt.toISOString(),
  };
}

export async function createReplay(db: Db, auth: AuthContext, webhookId: string, input: CreateReplayBody) {
  await requireWebhook(db, auth, webhookId);
  requireManage(auth);
  const [row] = await db
    .insert(webhookReplays)
    .values({
      id: newId("replay"),
      brandspaceId: auth.brandspace.id,
      webhookId,
      since: new Date(input.since),
      until: input.until ? new Date(input.until) : null,
      eventTypes: input.event_types ?? null,
      onlyFailed: input.only_failed ?? false,
      status: "queued",
    })
    .returning();
  await enqueueJob(db, { type: "webhooks.replay", payload: { replayId: row!.id } });
  return toReplay(row!);
}

export async function getReplay(db: Db, auth: AuthContext, webhookId: string, replayId: string) {
  await requireWebhook(db, auth, webhookId);
  const [row] = await db
    .select()
    .from(webhookReplays)
    .where(and(eq(webhookReplays.webhookId, webhookId), eq(webhookReplays.id, replayId)));
  if (!row) throw notFound("replay");
  return toReplay(row);
}

/**
 * Queues attempt 1 (origin `replay`) for every matching event still kept; one transaction, so a rerun after a
 * crash starts over rather than half-repeating. Returns false when there was nothing left to do.
 */
export async function runReplay(db: Db, replayId: string): Promise<boolean> {
  // Visible while the deliveries are being made; a retry after a crash finds it running and starts over.
  await db
    .update(webhookReplays)
    .set({ status: "running" })
    .where(and(eq(webhookReplays.id, replayId), eq(webhookReplays.status, "queued")));
  return db.transaction(async (t) => {
    const tx = t as Db;
    const [replay] = await tx
      .select()
      .from(webhookReplays)
      .where(eq(webhookReplays.id, replayId))
      .for("update");
    if (!replay || replay.status === "completed") return false;
    const [webhook] = await tx.select().from(webhooks).where(eq(webhooks.id, replay.webhookId));
    const matching = webhook ? await matchingEvents(tx, replay, webhook.events) : [];
    const lastDelivery = await latestDeliveries(
      tx,
      replay.webhookId,
      matching.map((e) => e.id),
    );
    const rows = matching
      .filter((event) => !replay.onlyFailed || lastDelivery.get(event.id)?.status !== "success")
      .map((event) =>
        firstAttempt({
          brandspaceId: replay.brandspaceId,
          webhookId: replay.webhookId,
          event,
          origin: "replay",
          enabled: webhook!.enabled,
          replayedFromId: lastDelivery.get(event.id)?.id ?? null,
        }),
      );
    for (let i = 0; i < rows.length; i += 500) await insertDeliveries(tx, rows.slice(i, i + 500));
    await tx
      .update(webhookReplays)
      .set({ status: "completed", eventCount: rows.length })
      .where(eq(webhookReplays.id, replayId));
    if (rows.length > 0) await kickDispatch(tx);
    return true;
  });
}

async function matchingEvents(tx: Db, replay: ReplayRow, subscribed: string[]) {
  const found = await tx
    .select({ id: events.id, seq: events.seq, type: events.type })
    .from(events)
    .where(
      and(
        eq(events.brandspaceId, replay.brandspaceId),
        gte(events.occurredAt, replay.since),
        replay.until ? lte(events.occurredAt, replay.until) : undefined,
        ne(events.type, "webhook.test"),
      ),
    )
    .orderBy(asc(events.seq))
    .limit(REPLAY_MAX_EVENTS);
  const wanted = replay.eventTypes;
  return found.filter((e) => subscribes(subscribed, e.type) && (!wanted || subscribes(wanted, e.type)));
}

/** The newest delivery of each event to the endpoint: the source a replay points to and its outcome. */
async function latestDeliveries(tx: Db, webhookId: string, eventIds: string[]) {
  const latest = new Map<string, { id: string; status: string }>();
  if (eventIds.length === 0) return latest;
  const rows = await tx
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      status: webhookDeliveries.status,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), inArray(webhookDeliveries.eventId, eventIds)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  for (const row of rows) if (!latest.has(row.eventId)) latest.set(row.eventId, row);
  return latest;
}
