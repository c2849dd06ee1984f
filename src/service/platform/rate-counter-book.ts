import { sql } from "drizzle-orm";
import type { RateCounter } from "../../contract/meta.ts";
import type { Db } from "../db/client.ts";
import { rateCounters } from "../db/schema/index.ts";

/** How often a process writes the requests it counted in memory to the shared counters. */
export const FLUSH_INTERVAL_MS = 50;

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
  synced: boolean;
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
 * answer. A window's first request in a process and the requests near its limit go to the database at once
 * (with everything pending), so within one process the numbers are exact and the limit is exact; across
 * processes a request may not yet see what the others counted in the last interval. No request waits on
 * another's row lock except near the limit.
 */
export class RateCounterBook {
  private readonly tallies = new Map<string, Tally>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(private readonly db: Db) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Counts one request in each window and returns, per window, how many requests it has counted so far. */
  async count(brandspaceId: string, windows: CountedWindow[], now = new Date()): Promise<number[]> {
    const tallies = windows.map((w) => this.tally(brandspaceId, w));
    const exact = windows.some((w, i) => {
      const tally = tallies[i]!;
      return !tally.synced || estimate(tally) + 1 > w.limit - exactShare(w.limit);
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
    while (this.flushing) await this.flushing;
    const increments = [...this.tallies.values()]
      .filter((tally) => tally.pending > 0)
      .map((tally) => ({ tally, by: tally.pending, fromPending: tally.pending }));
    if (increments.length === 0) return;
    this.flushing = this.send(increments).then(
      () => {},
      () => {},
    );
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
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
        synced: false,
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
    try {
      const rows = await upsert(this.db, increments);
      return increments.map(({ tally, by }) => {
        const total = rows.get(rowKey(tally)) ?? by;
        tally.inflight -= by;
        // Answers can arrive out of order; a window's shared total only grows.
        tally.base = Math.max(tally.base, total);
        tally.synced = true;
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

async function upsert(db: Db, increments: Increment[]): Promise<Map<string, number>> {
  // A counter increment lost in a crash is harmless; waiting for its WAL flush is not.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return tx
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
      .returning({
        brandspaceId: rateCounters.brandspaceId,
        counter: rateCounters.counter,
        start: rateCounters.windowStart,
        used: rateCounters.used,
      });
  });
  return new Map(rows.map((row) => [rowKey(row), row.used]));
}
