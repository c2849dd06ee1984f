import type { DeliveryStatus } from "../../contract/delivery-statuses.ts";
import type { CreateReplayBody, Replay } from "../../contract/webhooks.ts";
import type { Db } from "../db/client.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { ServiceContext, SystemContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { insertDeliveries, latestDeliveries } from "./deliveries.repository.ts";
import { firstAttempt, subscribes } from "./delivery-rows.ts";
import { kickDispatch } from "./dispatch.ts";
import * as repo from "./replays.repository.ts";
import { eventsBetween } from "./webhook-events.repository.ts";
import { findWebhookById } from "./webhooks.repository.ts";
import { requireWebhook } from "./webhooks.service.ts";

/** More than this many events in one replay: narrow the range or send another replay. */
const REPLAY_MAX_EVENTS = 10_000;
/** Deliveries per insert statement. */
const INSERT_BATCH = 500;

function toReplay(row: repo.ReplayRow): Replay {
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

export async function createReplay(ctx: ServiceContext, input: CreateReplayBody & { webhookId: string }) {
  const { db, auth } = ctx;
  await requireWebhook(ctx, input.webhookId);
  const row = await repo.insertReplay(db, {
    id: newId("replay"),
    brandspaceId: auth.brandspace.id,
    webhookId: input.webhookId,
    since: new Date(input.since),
    until: input.until ? new Date(input.until) : null,
    eventTypes: input.event_types ?? null,
    onlyFailed: input.only_failed ?? false,
    status: "queued",
  });
  await enqueueJob(db, { type: "webhooks.replay", payload: { replayId: row.id } });
  return toReplay(row);
}

/** An endpoint's replays, newest first. */
export async function listReplays(
  ctx: ServiceContext,
  { webhookId, ...page }: PageRequest & { webhookId: string },
) {
  await requireWebhook(ctx, webhookId);
  return paginate(ctx.deps.cursors, page, {
    name: `replays:${webhookId}`,
    fetch: (limit, after: [string, string] | null) =>
      repo.listReplayRows(ctx.db, webhookId, { limit, after }),
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    present: (rows) => rows.map(toReplay),
  });
}

export async function getReplay(
  ctx: ServiceContext,
  { webhookId, replayId }: { webhookId: string; replayId: string },
) {
  await requireWebhook(ctx, webhookId);
  const row = await repo.findReplay(ctx.db, webhookId, replayId);
  if (!row) throw notFound("replay");
  return toReplay(row);
}

/**
 * Queues attempt 1 (origin `replay`) for every matching event still kept; one transaction, so a rerun after a
 * crash starts over rather than half-repeating. Returns false when there was nothing left to do.
 */
export async function runReplay({ db }: SystemContext, { replayId }: { replayId: string }): Promise<boolean> {
  // Visible while the deliveries are being made; a retry after a crash finds it running and starts over.
  await repo.markReplayRunning(db, replayId);
  return db.transaction(async (t) => {
    const tx = t as Db;
    const replay = await repo.lockReplay(tx, replayId);
    if (!replay || replay.status === "completed") return false;
    const rows = await replayAttempts(tx, replay);
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await insertDeliveries(tx, rows.slice(i, i + INSERT_BATCH));
    await repo.completeReplay(tx, replayId, rows.length);
    if (rows.length > 0) await kickDispatch(tx);
    return true;
  });
}

/**
 * With `only_failed`, an event goes again only when its latest delivery to the endpoint ended failed: not one
 * never sent there, nor one still pending or parked (its chain is not over; a second would run beside it).
 */
function endedFailed(status: DeliveryStatus | undefined) {
  return status === "exhausted" || status === "failed";
}

/** Attempt 1 for each event the replay matches (and, with `only_failed`, whose last delivery ended failed). */
async function replayAttempts(tx: Db, replay: repo.ReplayRow) {
  const webhook = await findWebhookById(tx, replay.webhookId);
  if (!webhook) return [];
  const found = await eventsBetween(tx, { ...replay, limit: REPLAY_MAX_EVENTS });
  const wanted = replay.eventTypes;
  const matching = found.filter(
    (e) => subscribes(webhook.events, e.type) && (!wanted || subscribes(wanted, e.type)),
  );
  const lastDelivery = await latestDeliveries(
    tx,
    replay.webhookId,
    matching.map((e) => e.id),
  );
  return matching
    .filter((event) => !replay.onlyFailed || endedFailed(lastDelivery.get(event.id)?.status))
    .map((event) =>
      firstAttempt({
        brandspaceId: replay.brandspaceId,
        webhookId: replay.webhookId,
        event,
        origin: "replay",
        enabled: webhook.enabled,
        replayedFromId: lastDelivery.get(event.id)?.id ?? null,
      }),
    );
}
