import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { events } from "../db/schema/index.ts";

/** The outbox position of an event just emitted in this transaction. */
export async function eventSeq(db: Db, eventId: string): Promise<number> {
  const [row] = await db.select({ seq: events.seq }).from(events).where(eq(events.id, eventId));
  return row!.seq;
}

/** The brandspace's events in a time range, in outbox order, at most `limit`; `webhook.test` never replays. */
export function eventsBetween(
  db: Db,
  range: { brandspaceId: string; since: Date; until: Date | null; limit: number },
) {
  return db
    .select({ id: events.id, seq: events.seq, type: events.type })
    .from(events)
    .where(
      and(
        eq(events.brandspaceId, range.brandspaceId),
        gte(events.occurredAt, range.since),
        range.until ? lte(events.occurredAt, range.until) : undefined,
        ne(events.type, "webhook.test"),
      ),
    )
    .orderBy(asc(events.seq))
    .limit(range.limit);
}

/** The stored events with these ids (the bodies of a batch of attempts). */
export function findEvents(db: Db, eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db.select().from(events).where(inArray(events.id, eventIds));
}

/** An event waiting to be fanned out. */
export interface EventToFanOut {
  id: string;
  seq: number;
  brandspaceId: string;
  type: string;
  occurredAt: Date;
}

/** An endpoint of a brandspace with events to fan out: what deciding who gets attempt 1 needs. */
export interface FanOutEndpoint {
  id: string;
  brandspaceId: string;
  events: string[];
  enabled: boolean;
  createdAt: Date;
}

type EventTuple = [string, number, string, string, string];
type EndpointTuple = [string, string, string[], boolean, string];

/**
 * What one fan-out transaction works on, read with one statement: the transaction-scoped advisory lock `lockKey`
 * (nothing else when another transaction holds it), then the oldest events not fanned out yet, in outbox order,
 * locked for this transaction (skipping locked ones), with the endpoints of their brandspaces. On PGlite a
 * transaction holds the database from its first statement to its commit, each statement a round trip to a
 * thread that is busy sending: three separate reads made a batch take three times its database work.
 */
export async function lockFanOutWork(
  tx: Db,
  work: { lockKey: number; limit: number },
): Promise<{ taken: boolean; events: EventToFanOut[]; endpoints: FanOutEndpoint[] }> {
  const [row] = rowsOf<{ taken: boolean; events: EventTuple[]; endpoints: EndpointTuple[] }>(
    await tx.execute(sql`
      with lock as materialized (select pg_try_advisory_xact_lock(${work.lockKey}) as taken),
      picked as materialized (
        select e.id, e.seq, e.brandspace_id, e.type, e.occurred_at from events e
        where (select taken from lock) and e.fanned_out_at is null
        order by e.seq
        limit ${work.limit}
        for update skip locked
      )
      select
        (select taken from lock) as taken,
        (select coalesce(json_agg(json_build_array(id, seq, brandspace_id, type, occurred_at) order by seq), '[]')
          from picked) as events,
        (select coalesce(json_agg(json_build_array(w.id, w.brandspace_id, w.events, w.enabled, w.created_at)
          order by w.id), '[]')
          from webhooks w where w.brandspace_id in (select brandspace_id from picked)) as endpoints`),
  );
  return {
    taken: row?.taken === true,
    events: (row?.events ?? []).map(([id, seq, brandspaceId, type, occurredAt]) => ({
      id,
      seq: Number(seq),
      brandspaceId,
      type,
      occurredAt: new Date(occurredAt),
    })),
    endpoints: (row?.endpoints ?? []).map(([id, brandspaceId, events, enabled, createdAt]) => ({
      id,
      brandspaceId,
      events,
      enabled,
      createdAt: new Date(createdAt),
    })),
  };
}
