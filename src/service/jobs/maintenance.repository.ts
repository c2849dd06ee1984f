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

/**
 * The tables whose rows are rewritten or deleted all the time while few stay live: queues, leases, counters and
 * stored answers. Each update or delete leaves a dead row version and index entries that every scan steps over
 * until a vacuum. `webhook_deliveries` has its own (`vacuumDeliveries`). The large, mostly appended tables (events,
 * files) are not vacuumed: a vacuum reads each of a table's indexes whole, and PGlite runs nothing else meanwhile.
 */
export const CHURNING_TABLES = [
  "jobs",
  "schedules",
  "webhook_senders",
  "rate_counters",
  "usage_history",
  "idempotency_keys",
  "api_keys",
  "tag_count_changes",
  "tag_counts",
] as const;

/** Reclaims the dead row versions of the churning tables (PostgreSQL's autovacuum does this on its own). */
export async function vacuumChurningTables(db: Db): Promise<void> {
  await db.execute(sql.raw(`vacuum (skip_locked) ${CHURNING_TABLES.join(", ")}`));
}
