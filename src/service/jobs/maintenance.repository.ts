import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { events } from "../db/schema/index.ts";
import { deleteInBatches } from "./delete-in-batches.ts";

/** Deletes events older than `olderThan`, in batches; returns how many. */
export async function pruneEvents(db: Db, olderThan: Date): Promise<number> {
  return deleteInBatches(async (limit) => {
    const batch = db
      .select({ id: events.id })
      .from(events)
      .where(lt(events.occurredAt, olderThan))
      .limit(limit);
    const rows = await db.delete(events).where(inArray(events.id, batch)).returning({ id: events.id });
    return rows.length;
  });
}

/** Refreshes the planner statistics of every table. */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
