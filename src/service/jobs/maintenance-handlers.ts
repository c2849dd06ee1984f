import type { Database } from "../db/client.ts";
import { type JobHandlers, outcome } from "./job-handler.ts";
import type { Job } from "./job-types.ts";
import { analyzeDatabase, vacuumChurningTables } from "./maintenance.repository.ts";
import type { ScheduleDefinition } from "./scheduler.ts";

type MaintenanceJob = Extract<Job, { type: "db.analyze" | "db.vacuum" }>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** What PostgreSQL's autovacuum does on its own, done for PGlite, which has none; nothing on PostgreSQL. */
export function maintenanceHandlers(database: Database): JobHandlers<MaintenanceJob> {
  const embedded = database.kind === "pglite";
  return {
    // Stale statistics after bulk inserts turn index scans into sorts of the whole table.
    "db.analyze": async () => {
      if (embedded) await analyzeDatabase(database.db);
      return outcome.success();
    },
    // Without it, an empty job claim took 1.6 ms, and 3.3 ms after 10,000 jobs.
    "db.vacuum": async () => {
      if (embedded) await vacuumChurningTables(database.db);
      return outcome.success();
    },
  };
}

export const MAINTENANCE_SCHEDULES: ScheduleDefinition[] = [
  { name: "db.analyze", intervalMs: HOUR_MS, job: { type: "db.analyze", payload: {} } },
  { name: "db.vacuum", intervalMs: 10 * MINUTE_MS, job: { type: "db.vacuum", payload: {} } },
];
