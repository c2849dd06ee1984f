import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
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

/** Takes the transaction-scoped advisory lock `key`; false when another transaction holds it. */
export async function tryTransactionLock(tx: Db, key: number): Promise<boolean> {
  const [lock] = rowsOf<{ taken: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as taken`),
  );
  return lock?.taken === true;
}

/** The oldest events not fanned out yet, in outbox order, locked for this transaction (skipping locked ones). */
export function lockEventsToFanOut(tx: Db, limit: number) {
  return tx
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
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function markFannedOut(tx: Db, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.update(events).set({ fannedOutAt: new Date() }).where(inArray(events.id, eventIds));
}
