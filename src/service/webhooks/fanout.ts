import { asc, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { events } from "../db/schema/index.ts";
import { insertDeliveries, type NewDeliveryRow } from "./deliveries.repository.ts";
import { firstAttempt, subscribes } from "./delivery-rows.ts";
import { webhooksOfBrandspaces } from "./webhooks.repository.ts";

const BATCH = 200;
const INSERT_CHUNK = 500;

/**
 * Creates attempt 1 for every (committed event, subscribed endpoint) in event order. The deliveries and the
 * events' `fanned_out_at` marker commit together, so a crash either loses both or neither; the unique
 * constraint makes a repeated pass harmless. `webhook.test` goes only to its endpoint, created by the test call.
 */
export async function fanOutBatch(db: Db): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as Db;
    const batch = await tx
      .select({
        id: events.id,
        seq: events.seq,
        brandspaceId: events.brandspaceId,
        type: events.type,
        occurredAt: events.occurredAt,
      })
      .from(events)
      .where(isNull(events.fannedOutAt))
      .orderBy(asc(events.seq))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (batch.length === 0) return 0;
    const endpoints = await webhooksOfBrandspaces(tx, [...new Set(batch.map((e) => e.brandspaceId))]);
    const rows: NewDeliveryRow[] = [];
    for (const event of batch) {
      if (event.type === "webhook.test") continue;
      for (const endpoint of endpoints) {
        // An endpoint receives the events that happened after it was created.
        if (endpoint.brandspaceId !== event.brandspaceId || endpoint.createdAt > event.occurredAt) continue;
        if (!subscribes(endpoint.events, event.type)) continue;
        rows.push(
          firstAttempt({
            brandspaceId: event.brandspaceId,
            webhookId: endpoint.id,
            event,
            origin: "fanout",
            enabled: endpoint.enabled,
          }),
        );
      }
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await insertDeliveries(tx, rows.slice(i, i + INSERT_CHUNK));
    await tx
      .update(events)
      .set({ fannedOutAt: new Date() })
      .where(
        inArray(
          events.id,
          batch.map((e) => e.id),
        ),
      );
    return batch.length;
  });
}

/** Fans out until the backlog is empty or a bounded number of batches ran. */
export async function fanOutPending(db: Db, maxBatches = 10): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const done = await fanOutBatch(db);
    total += done;
    if (done < BATCH) break;
  }
  return total;
}
