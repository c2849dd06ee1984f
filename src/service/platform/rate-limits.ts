import { and, asc, eq, gte, inArray, lt, or } from "drizzle-orm";
import {
  RATE_COUNTERS,
  type RateCounter,
  USAGE_HISTORY_BUCKETS,
  type UsageHistoryGranularity,
} from "../../contract/meta.ts";
import type { Db } from "../db/client.ts";
import { rateCounters, usageHistory } from "../db/schema/index.ts";
import type { RateLimits } from "../env.ts";
import { windowBounds } from "./durations.ts";
import { ApiError } from "./errors.ts";
import type { RateCounterBook } from "./rate-counter-book.ts";

export interface CounterState {
  counter: RateCounter;
  limit: number;
  used: number;
  remaining: number;
  resetsAt: Date;
}

/**
 * Counts one request against each named counter of the brandspace in its current window (per minute/hour, or
 * the calendar month in UTC), through the process's RateCounterBook, which shares the counts with every other
 * process on the same database.
 */
export async function consumeCounters(
  book: RateCounterBook,
  brandspaceId: string,
  counters: RateCounter[],
  limits: RateLimits,
  now = new Date(),
): Promise<CounterState[]> {
  const windows = counters.map((counter) => ({
    counter,
    limit: limits[counter].limit,
    ...windowBounds(limits[counter].window, now),
  }));
  const used = await book.count(brandspaceId, windows, now);
  return windows.map((w, i) => state(w.counter, used[i]!, w.limit, w.end));
}

/** The current state of all five counters, without consuming anything: this process's counts included. */
export async function readCounters(
  db: Db,
  book: RateCounterBook,
  brandspaceId: string,
  limits: RateLimits,
  now = new Date(),
) {
  await book.flush();
  const windows = RATE_COUNTERS.map((counter) => ({ counter, ...windowBounds(limits[counter].window, now) }));
  const rows = await db
    .select({ counter: rateCounters.counter, windowStart: rateCounters.windowStart, used: rateCounters.used })
    .from(rateCounters)
    .where(
      and(
        eq(rateCounters.brandspaceId, brandspaceId),
        inArray(rateCounters.counter, [...RATE_COUNTERS]),
        inArray(
          rateCounters.windowStart,
          windows.map((w) => w.start),
        ),
      ),
    );
  return windows.map((w) => {
    const row = rows.find((r) => r.counter === w.counter && r.windowStart.getTime() === w.start.getTime());
    return state(w.counter, row?.used ?? 0, limits[w.counter].limit, w.end);
  });
}

const BUCKET_MS: Record<UsageHistoryGranularity, number> = { minute: 60_000, day: 86_400_000 };

/** What each counter counted per bucket, oldest first, every bucket present: this process's counts included. */
export async function readUsageHistory(
  db: Db,
  book: RateCounterBook,
  brandspaceId: string,
  granularity: UsageHistoryGranularity,
  now = new Date(),
) {
  await book.flush();
  const size = BUCKET_MS[granularity];
  const current = Math.floor(now.getTime() / size) * size;
  const starts = Array.from(
    { length: USAGE_HISTORY_BUCKETS[granularity] },
    (_, i) => current - (USAGE_HISTORY_BUCKETS[granularity] - 1 - i) * size,
  );
  const rows = await db
    .select({ bucketStart: usageHistory.bucketStart, counter: usageHistory.counter, used: usageHistory.used })
    .from(usageHistory)
    .where(
      and(
        eq(usageHistory.brandspaceId, brandspaceId),
        eq(usageHistory.granularity, granularity),
        gte(usageHistory.bucketStart, new Date(starts[0]!)),
      ),
    )
    .orderBy(asc(usageHistory.bucketStart));
  const buckets = new Map(
    starts.map((start) => [
      start,
      Object.fromEntries(RATE_COUNTERS.map((counter) => [counter, 0])) as Record<RateCounter, number>,
    ]),
  );
  for (const row of rows) {
    const bucket = buckets.get(row.bucketStart.getTime());
    if (bucket && (RATE_COUNTERS as readonly string[]).includes(row.counter)) {
      bucket[row.counter as RateCounter] += row.used;
    }
  }
  return {
    granularity,
    buckets: [...buckets].map(([start, counts]) => ({ start: new Date(start).toISOString(), ...counts })),
  };
}

function state(counter: RateCounter, used: number, limit: number, resetsAt: Date): CounterState {
  return { counter, limit, used, remaining: Math.max(0, limit - used), resetsAt };
}

/** The counter a client should watch: the fewest remaining, then the soonest reset. */
export function tightest(states: CounterState[]): CounterState {
  return [...states].sort(
    (a, b) => a.remaining - b.remaining || a.resetsAt.getTime() - b.resetsAt.getTime(),
  )[0]!;
}

export function rateLimitHeaders(s: CounterState, now = new Date()): Record<string, string> {
  return {
    "RateLimit-Limit": String(s.limit),
    "RateLimit-Remaining": String(s.remaining),
    "RateLimit-Reset": String(secondsUntil(s.resetsAt, now)),
  };
}

/** 429 when any counter went over: the client must wait for the latest of the exceeded windows. */
export function exceeded(states: CounterState[], now = new Date()): ApiError | null {
  const over = states.filter((s) => s.used > s.limit);
  if (over.length === 0) return null;
  const worst = over.sort((a, b) => b.resetsAt.getTime() - a.resetsAt.getTime())[0]!;
  return new ApiError(
    "rate_limited",
    `The ${worst.counter} rate limit of ${worst.limit} requests is used up; retry after ${worst.resetsAt.toISOString()}.`,
    { counter: worst.counter, limit: worst.limit, resets_at: worst.resetsAt.toISOString() },
    { "Retry-After": String(secondsUntil(worst.resetsAt, now)), ...rateLimitHeaders(worst, now) },
  );
}

const secondsUntil = (moment: Date, now: Date) =>
  Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));

/** Drops windows that ended long ago, and history past its keeping; run by the scheduled cleanup. */
export async function pruneCounters(db: Db, olderThan: Date, minutesOlderThan: Date) {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, olderThan));
  await db
    .delete(usageHistory)
    .where(
      or(
        and(eq(usageHistory.granularity, "minute"), lt(usageHistory.bucketStart, minutesOlderThan)),
        lt(usageHistory.bucketStart, olderThan),
      ),
    );
}
