import { createHash } from "node:crypto";
import { and, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateCounters } from "../db/schema/index.ts";
import { ApiError } from "../platform/errors.ts";

/** Wrong passwords allowed per window: per client of one item, and per item from all clients together. */
export const PASSWORD_THROTTLE = { windowMs: 15 * 60_000, perClient: 5, perItem: 50 } as const;

// Counted in the rate counter table (shared by every service process), keyed by the item instead of a brandspace.
const counterKeys = (client: string) => {
  const clientKey = createHash("sha256").update(client).digest("base64url").slice(0, 22);
  return { client: `password_failures:${clientKey}`, item: "password_failures:*" };
};

/**
 * Wrong attempts are counted in buckets of a minute; an allowance covers the last 15 buckets (this one included),
 * so it is a sliding 15 minutes to the minute: five guesses before a quarter hour and five after it are ten in one
 * window, not two windows of five.
 */
const BUCKET_MS = 60_000;
const bucketOf = (time: number) => Math.floor(time / BUCKET_MS) * BUCKET_MS;

/**
 * Takes one wrong attempt from the client's and the item's allowance before the password is checked, so that
 * guesses sent at once cannot all pass a check made before any of them is counted: 429 with `Retry-After` when
 * either allowance of the last 15 minutes is used up (that request takes nothing). Give it back (`release`) when
 * the password was right. Counted outside any transaction, so a refused attempt still counts.
 */
export async function claimPasswordAttempt(db: Db, itemId: string, client: string, now = new Date()) {
  const keys = counterKeys(client);
  const counters = [keys.client, keys.item];
  const bucket = new Date(bucketOf(now.getTime()));
  const since = new Date(bucket.getTime() - PASSWORD_THROTTLE.windowMs + BUCKET_MS);
  // The bucket's row lock orders attempts sent at once: each sees the count its own addition made. The earlier
  // buckets no longer change.
  const inBucket = await bump(db, itemId, counters, bucket, 1);
  const before = await earlierBuckets(db, itemId, counters, since, bucket);
  const over = [
    { key: keys.client, limit: PASSWORD_THROTTLE.perClient },
    { key: keys.item, limit: PASSWORD_THROTTLE.perItem },
  ].find(({ key, limit }) => (inBucket.get(key) ?? 0) + (before.get(key)?.used ?? 0) > limit);
  const release = async () => {
    await bump(db, itemId, counters, bucket, -1);
  };
  if (over) {
    await release();
    // The allowance frees up as its oldest counted minute leaves the window.
    const oldest = before.get(over.key)?.oldest ?? bucket;
    const resetsAt = new Date(oldest.getTime() + PASSWORD_THROTTLE.windowMs);
    const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    throw new ApiError(
      "rate_limited",
      "Too many wrong passwords; wait before trying again.",
      { counter: "password_attempts", limit: over.limit, resets_at: resetsAt.toISOString() },
      { "Retry-After": String(retryAfter) },
    );
  }
  return { release };
}

/** Adds `by` to each counter's bucket (created at `by`), and answers what each bucket holds then. */
async function bump(db: Db, itemId: string, counters: string[], bucket: Date, by: number) {
  const rows = await db
    .insert(rateCounters)
    .values(
      counters.map((counter) => ({
        brandspaceId: itemId,
        counter,
        windowStart: bucket,
        used: Math.max(by, 0),
      })),
    )
    .onConflictDoUpdate({
      target: [rateCounters.brandspaceId, rateCounters.counter, rateCounters.windowStart],
      set: { used: sql`greatest(${rateCounters.used} + ${by}, 0)` },
    })
    .returning({ counter: rateCounters.counter, used: rateCounters.used });
  return new Map(rows.map((row) => [row.counter, row.used]));
}

/** Per counter, the attempts of its buckets from `since` up to (not with) `bucket`, and the oldest that has any. */
async function earlierBuckets(db: Db, itemId: string, counters: string[], since: Date, bucket: Date) {
  const rows = await db
    .select({
      counter: rateCounters.counter,
      used: sql<number>`sum(${rateCounters.used})::int`,
      oldest: sql<string>`min(${rateCounters.windowStart})`,
    })
    .from(rateCounters)
    .where(
      and(
        eq(rateCounters.brandspaceId, itemId),
        inArray(rateCounters.counter, counters),
        gte(rateCounters.windowStart, since),
        lt(rateCounters.windowStart, bucket),
        gt(rateCounters.used, 0),
      ),
    )
    .groupBy(rateCounters.counter);
  return new Map(rows.map((row) => [row.counter, { used: row.used, oldest: new Date(row.oldest) }]));
}
