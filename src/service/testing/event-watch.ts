import { and, asc, eq, gt, max } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { events } from "../db/schema/index.ts";

/**
 * Starts watching the outbox. The function it answers lists the types of the events that callers' requests
 * wrote since (actor `user`), in order: what the requests in between emitted. Jobs that run meanwhile
 * (processing a new upload, under TEST_SCALE_OUT too) are left out: they are not the requests'.
 */
export async function watchEvents(db: Db): Promise<() => Promise<string[]>> {
  const [last] = await db.select({ seq: max(events.seq) }).from(events);
  const after = last?.seq ?? 0;
  return async () => {
    const rows = await db
      .select({ type: events.type })
      .from(events)
      .where(and(gt(events.seq, after), eq(events.actorType, "user")))
      .orderBy(asc(events.seq));
    return rows.map((row) => row.type);
  };
}
