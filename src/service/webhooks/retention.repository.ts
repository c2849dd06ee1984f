import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";

export const DELIVERY_KEEP_PER_ENDPOINT = 10_000;
export const DELIVERY_MAX_AGE_DAYS = 30;
/** Rows one statement deletes at most: on PGlite every other statement waits for it (one connection). */
const PRUNE_CHUNK = 5_000;

export interface RetentionLimits {
  keepPerEndpoint: number;
  maxAgeDays: number;
  chunk: number;
}

const SPEC_LIMITS: RetentionLimits = {
  keepPerEndpoint: DELIVERY_KEEP_PER_ENDPOINT,
  maxAgeDays: DELIVERY_MAX_AGE_DAYS,
  chunk: PRUNE_CHUNK,
};

/**
 * The spec's delivery history limits: the last 10,000 per endpoint, none older than 30 days. Parked deliveries
 * (of a disabled endpoint) go like the others, or a long-disabled endpoint would keep them all; pending attempts
 * are work under way and stay (counted among the 10,000). Endpoint by endpoint and in chunks: an hour of a busy
 * endpoint's deliveries deleted in one statement held PGlite's only connection, and every request with it.
 */
export async function pruneDeliveries(db: Db, limits: RetentionLimits = SPEC_LIMITS): Promise<number> {
  const endpoints = rowsOf<{ id: string }>(await db.execute(sql`select id from webhooks order by id`));
  let pruned = 0;
  for (const { id } of endpoints) pruned += await pruneEndpoint(db, id, limits);
  return pruned;
}

async function pruneEndpoint(db: Db, webhookId: string, limits: RetentionLimits): Promise<number> {
  // The last delivery kept by count, in the order the history lists (newest first, ties by id). As text, so that
  // the timestamp comes back with its microseconds (a Date would round it to the millisecond).
  const [boundary] = rowsOf<{ created_at: string; id: string }>(
    await db.execute(sql`
      select created_at::text as created_at, id from webhook_deliveries where webhook_id = ${webhookId}
      order by created_at desc, id desc offset ${limits.keepPerEndpoint - 1} limit 1`),
  );
  const oldest = sql`now() - ${`${limits.maxAgeDays} days`}::interval`;
  const beyondCount = boundary
    ? sql`(created_at, id) < (${boundary.created_at}::timestamptz, ${boundary.id})`
    : sql`false`;
  // Newer deliveries arriving meanwhile only move the boundary on: deleting up to this one stays within the rule.
  const upTo = boundary ? sql`greatest(${boundary.created_at}::timestamptz, ${oldest})` : oldest;
  let pruned = 0;
  for (;;) {
    const deleted = rowsOf(
      await db.execute(sql`
        delete from webhook_deliveries where id in (
          select id from webhook_deliveries
          where webhook_id = ${webhookId} and created_at <= ${upTo}
            and status <> 'pending'
            and (created_at < ${oldest} or ${beyondCount})
          limit ${limits.chunk}
        )
        returning id`),
    ).length;
    pruned += deleted;
    if (deleted < limits.chunk) return pruned;
  }
}
