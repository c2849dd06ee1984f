import type { Db } from "../db/client.ts";
import { newId } from "../platform/ids.ts";
import { type FanOutAttempts, insertFanOut } from "./delivery-queue.repository.ts";
import { subscribes } from "./delivery-rows.ts";
import { lockEventsToFanOut, markFannedOut, tryTransactionLock } from "./webhook-events.repository.ts";
import { webhooksOfBrandspaces } from "./webhooks.repository.ts";

/** Events per transaction: with 10 endpoints each, 5,000 deliveries in one insert. */
export const FANOUT_BATCH = 500;
// Any constant works: it only has to be the same in every process that fans out from this database.
const FANOUT_LOCK = 727_003;

/**
 * Creates attempt 1 for every (committed event, subscribed endpoint) of the oldest events not fanned out yet, in
 * event order. The deliveries and the events' `fanned_out_at` marker commit together, so a crash either loses both
 * or neither; the unique constraint makes a repeated batch harmless. One process fans out at a time (another one
 * finds the lock taken and leaves it the work), so deliveries are created in outbox order. `webhook.test` goes only
 * to its endpoint, created by the test call. Returns how many events the batch took.
 */
export async function fanOutBatch(db: Db, limit = FANOUT_BATCH): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as Db;
    if (!(await tryTransactionLock(tx, FANOUT_LOCK))) return 0;
    const batch = await lockEventsToFanOut(tx, limit);
    if (batch.length === 0) return 0;
    const endpoints = await webhooksOfBrandspaces(tx, [...new Set(batch.map((e) => e.brandspaceId))]);
    const attempts: FanOutAttempts["attempts"] = [];
    batch.forEach((event, eventAt) => {
      if (event.type === "webhook.test") return;
      endpoints.forEach((endpoint, endpointAt) => {
        // An endpoint receives the events that happened after it was created.
        if (endpoint.brandspaceId !== event.brandspaceId || endpoint.createdAt > event.occurredAt) return;
        if (!subscribes(endpoint.events, event.type)) return;
        attempts.push([newId("delivery"), newId("request"), eventAt, endpointAt]);
      });
    });
    await insertFanOut(tx, { events: batch, endpoints, attempts });
    await markFannedOut(
      tx,
      batch.map((e) => e.id),
    );
    return batch.length;
  });
}
