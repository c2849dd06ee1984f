import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { RATE_COUNTERS, type RateCounter } from "../../contract/meta.ts";
import type { Db } from "../db/client.ts";
import { rateCounters } from "../db/schema/index.ts";
import type { RateLimits } from "../env.ts";
import { windowBounds } from "./durations.ts";
import { ApiError } from "./errors.ts";

export interface CounterState {
  counter: RateCounter;
  limit: number;
  used: number;
  remaining: number;
  resetsAt: Date;
}

/**
 * Counts one request against each named counter of the brandspace, atomically in the database so that several
 * service processes sharing one PostgreSQL agree. Fixed windows: per minute/hour, and the calendar month (UTC).
 */
export async function consumeCounters(
  db: Db,
  brandspaceId: string,
  counters: RateCounter[],
  limits: RateLimits,
  now = new Date(),
): Promise<CounterState[]> {
  const windows = counters.map((counter) => ({ counter, ...windowBounds(limits[counter].window, now) }));
  // A counter increment lost in a crash is harmless; waiting for its WAL flush on every request is not.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return tx
      .insert(rateCounters)
      .values(windows.map((w) => ({ brandspaceId, counter: w.counter, windowStart: w.start, used: 1 })))
      .onConflictDoUpdate({
        target: [rateCounters.brandspaceId, rateCounters.counter, rateCounters.windowStart],
        set: { used: sql`${rateCounters.used} + 1` },
      })
      .returning({ counter: rateCounters.counter, used: rateCounters.used });
  });
  const used = new Map(rows.map((r) => [r.counter, r.used]));
  return windows.map((w) => state(w.counter, used.get(w.counter) ?? 1, limits[w.counter].limit, w.end));
}

/** The current state of all five counters, without consuming anything. */
export async function readCounters(db: Db, brandspaceId: string, limits: RateLimits, now = new Date()) {
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

/** Drops windows that ended long ago; run by the scheduled cleanup. */
export async function pruneCounters(db: Db, olderThan: Date) {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, olderThan));
}
