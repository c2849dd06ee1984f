import { and, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { schedules } from "../db/schema/index.ts";

/**
 * Creates missing schedules (first run due now) and applies changed intervals without resetting the cadence,
 * except that a shorter interval pulls a far-off next run closer.
 */
export async function upsertSchedules(db: Db, entries: { name: string; intervalMs: number }[]) {
  if (entries.length === 0) return;
  await db
    .insert(schedules)
    .values(entries.map((entry) => ({ ...entry, nextRunAt: sql`now()` })))
    .onConflictDoUpdate({
      target: schedules.name,
      set: {
        intervalMs: sql`excluded.interval_ms`,
        nextRunAt: sql`least(${schedules.nextRunAt}, now() + excluded.interval_ms * interval '1 millisecond')`,
      },
    });
}

/**
 * Advances every due schedule of the given names by whole intervals past now and returns their names. The
 * update is the claim: of several processes ticking at once, only one sees a schedule still due, because the
 * others re-check the row after the first commits. Missed runs (downtime) collapse into one.
 */
export async function claimDueSchedules(db: Db, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const intervalsElapsed = sql`floor(extract(epoch from now() - ${schedules.nextRunAt}) * 1000 / ${schedules.intervalMs})`;
  const rows = await db
    .update(schedules)
    .set({
      nextRunAt: sql`${schedules.nextRunAt} + (${intervalsElapsed} + 1) * ${schedules.intervalMs} * interval '1 millisecond'`,
    })
    .where(and(inArray(schedules.name, names), lte(schedules.nextRunAt, sql`now()`)))
    .returning({ name: schedules.name });
  return rows.map((row) => row.name).sort();
}
