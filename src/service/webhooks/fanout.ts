import type { Db } from "../db/client.ts";
import { newId } from "../platform/ids.ts";
import { type FanOutAttempts, writeFanOut } from "./delivery-queue.repository.ts";
import { subscribes } from "./delivery-rows.ts";
import { type FanOutEndpoint, lockFanOutWork } from "./webhook-events.repository.ts";

/** What one fan-out transaction takes at most: events, and the attempts they make. */
export interface FanOutLimits {
  events: number;
  /** An event that would pass this waits for the next batch, unless it is the batch's first. */
  attempts: number;
}

/** With 10 endpoints each, 5,000 attempts in one insert. */
export const FANOUT_BATCH: FanOutLimits = { events: 500, attempts: 5_000 };

export interface FanOutResult {
  /** Events fanned out. */
  events: number;
  /** Attempts 1 they made (those of an event fanned out again included, though not written twice). */
  attempts: number;
  /** The batch stopped at one of its limits: more events may be waiting. */
  full: boolean;
}
// Any constant works: it only has to be the same in every process that fans out from this database.
export const FANOUT_LOCK = 727_003;

/**
 * Creates attempt 1 for every (committed event, subscribed endpoint) of the oldest events not fanned out yet, in
 * event order. The deliveries and the events' `fanned_out_at` marker commit together, so a crash either loses both
 * or neither; the unique constraint makes a repeated batch harmless. One process fans out at a time (another one
 * finds the lock taken and leaves it the work), so deliveries are created in outbox order. `webhook.test` goes only
 * to its endpoint, created by the test call. The attempts bound keeps a batch short where each event goes to many
 * endpoints (PGlite has one connection, where every request's statements wait for it).
 */
export async function fanOutBatch(db: Db, limits: FanOutLimits = FANOUT_BATCH): Promise<FanOutResult> {
  return db.transaction(async (t) => {
    const tx = t as Db;
    const work = await lockFanOutWork(tx, { lockKey: FANOUT_LOCK, limit: limits.events });
    const { events: locked, endpoints } = work;
    if (!work.taken || locked.length === 0) return { events: 0, attempts: 0, full: false };
    const attempts: FanOutAttempts["attempts"] = [];
    let taken = 0;
    for (const [eventAt, event] of locked.entries()) {
      const made = event.type === "webhook.test" ? [] : subscribedEndpoints(endpoints, event);
      if (taken > 0 && attempts.length + made.length > limits.attempts) break;
      for (const endpointAt of made)
        attempts.push([newId("delivery"), newId("request"), eventAt, endpointAt]);
      taken++;
    }
    const batch = locked.slice(0, taken);
    await writeFanOut(tx, { events: batch, endpoints, attempts });
    return {
      events: taken,
      attempts: attempts.length,
      full: taken < locked.length || locked.length === limits.events,
    };
  });
}

/**
 * The limits of the next batch, after one whose events made `attemptsPerEvent` attempts each: it reads as many
 * events as its attempts bound lets through at that rate. PGlite's batches (500 attempts) read and locked 500
 * events to fan out 50 to 10 endpoints each: a fan-out read every event ten times. Events that make more attempts
 * than the last ones end a batch early, as before; fewer leave it short, and the next reads more.
 */
export function limitsAfter(limits: FanOutLimits, attemptsPerEvent: number): FanOutLimits {
  if (!(attemptsPerEvent > 1)) return limits;
  return { ...limits, events: Math.min(limits.events, Math.ceil(limits.attempts / attemptsPerEvent)) };
}

/** The positions of the endpoints that get attempt 1 of an event: its brandspace's, created before it, subscribed. */
function subscribedEndpoints(
  endpoints: FanOutEndpoint[],
  event: { brandspaceId: string; type: string; occurredAt: Date },
): number[] {
  const positions: number[] = [];
  endpoints.forEach((endpoint, endpointAt) => {
    if (endpoint.brandspaceId !== event.brandspaceId || createdAfter(endpoint.createdAt, event.occurredAt))
      return;
    if (subscribes(endpoint.events, event.type)) positions.push(endpointAt);
  });
  return positions;
}

/**
 * An endpoint receives the events that happened after it was created. Both times are kept to the millisecond, but
 * from two clocks: the endpoint's is the database's `now()`, rounded (up to half a millisecond later), the event's
 * is this process's, truncated (up to a millisecond earlier). An event that came after the endpoint can then read up
 * to a millisecond before it, and is still delivered; one that reads two or more before it came before.
 */
function createdAfter(endpointCreatedAt: Date, eventOccurredAt: Date): boolean {
  return endpointCreatedAt.getTime() - eventOccurredAt.getTime() > 1;
}
