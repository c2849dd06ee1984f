import { sql } from "drizzle-orm";
import type { RateCounter } from "../../contract/meta.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { COMMIT_WITHOUT_FLUSH } from "../db/commit-without-flush.ts";
import { rateCounters, usageHistory } from "../db/schema/index.ts";

/** How often a process writes the requests it counted in memory to the shared counters. */
export const FLUSH_INTERVAL_MS = 50;

/**
 * A process learns the other processes' counts from the answers to its writes; when it has not written for this
 * long (it had no requests to count), its next request is counted in the database again.
 */
const STALE_AFTER_MS = 2 * FLUSH_INTERVAL_MS;

/** The last tenth of a window's limit (at least one request) is counted in the database, request by request. */
const exactShare = (limit: number) => Math.max(1, Math.ceil(limit * 0.1));

export interface CountedWindow {
  counter: RateCounter;
  start: Date;
  end: Date;
  limit: number;
}

interface Tally {
  brandspaceId: string;
  counter: RateCounter;
  start: Date;
  end: Date;
  /** The shared total as of this process's last write: every process's flushed requests. */
  base: number;
  /** Counted here and not yet sent. */
  pending: number;
  /** Sent and not yet acknowledged. */
  inflight: number;
  /** When `base` was last read from the shared row (0: never). */
  syncedAt: number;
}

interface Increment {
  tally: Tally;
  by: number;
  /** How much of `by` was pending: the rest is the request being counted now. */
  fromPending: number;
}

/**
 * Rate counters without a database round trip per request. Each process keeps the count of its own requests in
 * memory and adds it to the shared row every FLUSH_INTERVAL_MS, learning the other processes' counts from the
 * answer. A window's first request in a process, a request after the process went STALE_AFTER_MS without
 * writing (and with no write under way), and the requests near its limit go to the database at once (with
 * everything pending), so within one process the numbers are exact and the limit is exact; across processes a request may not yet see what the
 * others counted in the last STALE_AFTER_MS. No request waits on another's row lock except near the limit.
 */
export class RateCounterBook {
  private readonly tallies = new Map<string, Tally>();
  private readonly timer: NodeJS.Timeout;
  /**
   * Writes go out one at a time, in the order they were counted: a write's answer then includes every earlier
   * write of this process, so the totals handed out here are each request's own place in the count.
   */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Db) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Counts one request in each window and returns, per window, how many requests it has counted so far. */
  async count(brandspaceId: string, windows: CountedWindow[], now = new Date()): Promise<number[]> {
    const tallies = windows.map((w) => this.tally(brandspaceId, w));
    const exact = windows.some((w, i) => {
      const tally = tallies[i]!;
      // A write in flight is as good as a fresh one: its answer brings the others' counts. Under load, when the
      // database is slow to answer the flush, every request would otherwise go to the database one after another.
      const stale = tally.inflight === 0 && now.getTime() - tally.syncedAt > STALE_AFTER_MS;
      return stale || estimate(tally) + 1 > w.limit - exactShare(w.limit);
    });
    if (!exact) {
      return tallies.map((tally) => {
        tally.pending += 1;
        return estimate(tally);
      });
    }
    const increments = tallies.map((tally) => ({ tally, by: tally.pending + 1, fromPending: tally.pending }));
    const totals = await this.send(increments);
    this.forgetEnded(now);
    return totals;
  }

  /** Writes what this process counted, so that a read of the shared rows includes it. */
  async flush(): Promise<void> {
    const increments = [...this.tallies.values()]
      .filter((tally) => tally.pending > 0)
      .map((tally) => ({ tally, by: tally.pending, fromPending: tally.pending }));
    // A failed write leaves its counts pending for the next flush.
    if (increments.length > 0) await this.send(increments).catch(() => {});
    else await this.writes;
    this.forgetEnded(new Date());
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private tally(brandspaceId: string, w: CountedWindow): Tally {
    const key = `${brandspaceId}|${w.counter}|${w.start.getTime()}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = {
        brandspaceId,
        counter: w.counter,
        start: w.start,
        end: w.end,
        base: 0,
        pending: 0,
        inflight: 0,
        syncedAt: 0,
      };
      this.tallies.set(key, tally);
    }
    return tally;
  }

  /** Adds the increments to the shared rows in one statement; a failed write puts them back as pending. */
  private async send(increments: Increment[]): Promise<number[]> {
    for (const { tally, by, fromPending } of increments) {
      tally.pending -= fromPending;
      tally.inflight += by;
    }
    const write = this.writes.then(() => upsert(this.db, increments));
    this.writes = write.catch(() => {});
    try {
      const rows = await write;
      return increments.map(({ tally, by }) => {
        const total = rows.get(rowKey(tally)) ?? by;
        tally.inflight -= by;
        // Other processes' writes only add: a window's shared total only grows.
        tally.base = Math.max(tally.base, total);
        tally.syncedAt = Date.now();
        return total;
      });
    } catch (error) {
      // The request being counted fails with the error; what was pending stays pending.
      for (const { tally, by, fromPending } of increments) {
        tally.inflight -= by;
        tally.pending += fromPending;
      }
      throw error;
    }
  }

  private forgetEnded(now: Date) {
    for (const [key, tally] of this.tallies) {
      if (tally.end <= now && tally.pending === 0 && tally.inflight === 0) this.tallies.delete(key);
    }
  }
}

const estimate = (tally: Tally) => tally.base + tally.inflight + tally.pending;
const rowKey = (t: { brandspaceId: string; counter: string; start: Date }) =>
  `${t.brandspaceId}|${t.counter}|${t.start.getTime()}`;

/**
 * Adds the increments to the shared rows and to the history in one statement, its own transaction: one round trip
 * where a transaction took five (on PGlite each is a message to the database's thread and back, and the
 * transaction holds its one connection in between). Answers with every window's shared total.
 */
async function upsert(db: Db, increments: Increment[]): Promise<Map<string, number>> {
  const history = db
    .insert(usageHistory)
    .values(historyRows(increments, new Date()))
    .onConflictDoUpdate({
      target: [
        usageHistory.brandspaceId,
        usageHistory.granularity,
        usageHistory.bucketStart,
        usageHistory.counter,
      ],
      set: { used: sql`${usageHistory.used} + excluded.used` },
    });
  const counted = db
    .insert(rateCounters)
    .values(
      increments.map(({ tally, by }) => ({
        brandspaceId: tally.brandspaceId,
        counter: tally.counter,
        windowStart: tally.start,
        used: by,
      })),
    )
    .onConflictDoUpdate({
      target: [rateCounters.brandspaceId, rateCounters.counter, rateCounters.windowStart],
      set: { used: sql`${rateCounters.used} + excluded.used` },
    })
    .returning();
  // A counter increment lost in a crash is harmless; waiting for its WAL flush is not.
  const rows = rowsOf<{ brandspace_id: string; counter: string; start_ms: number; used: number }>(
    await db.execute(sql`
      with history as ${history}, counted as ${counted}
      select c.brandspace_id, c.counter, (extract(epoch from c.window_start) * 1000)::float8 as start_ms, c.used,
        ${COMMIT_WITHOUT_FLUSH}
      from counted c`),
  );
  return new Map(
    rows.map((row) => [
      rowKey({
        brandspaceId: row.brandspace_id,
        counter: row.counter,
        start: new Date(Number(row.start_ms)),
      }),
      Number(row.used),
    ]),
  );
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The increments added to this minute's and this UTC day's history buckets, one row per counter and bucket. */
function historyRows(increments: Increment[], now: Date) {
  const byCounter = new Map<string, { brandspaceId: string; counter: string; used: number }>();
  for (const { tally, by } of increments) {
    const key = `${tally.brandspaceId}|${tally.counter}`;
    const row = byCounter.get(key) ?? { brandspaceId: tally.brandspaceId, counter: tally.counter, used: 0 };
    row.used += by;
    byCounter.set(key, row);
  }
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const day = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return [...byCounter.values()].flatMap((row) => [
    { ...row, granularity: "minute" as const, bucketStart: minute },
    { ...row, granularity: "day" as const, bucketStart: day },
  ]);
}
