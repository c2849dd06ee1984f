import type { Db } from "../db/client.ts";
import { deleteExpiredZipDownloads } from "../downloads/zip-downloads.repository.ts";
import { pruneIdempotencyKeys } from "../platform/idempotency.ts";
import { pruneCounters } from "../platform/rate-limits.ts";
import { type JobHandlers, logWork, outcome } from "./job-handler.ts";
import type { Job } from "./job-types.ts";
import { pruneFinishedJobs } from "./jobs.repository.ts";
import { pruneEvents } from "./maintenance.repository.ts";
import type { ScheduleDefinition } from "./scheduler.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The monthly counter window starts up to 31 days back; two full months keep last month's usage readable. */
export const RATE_COUNTER_RETENTION_MS = 62 * DAY_MS;
/** Per-minute usage history serves the last hour's chart; two days leave room for time zones and inspection. */
export const MINUTE_HISTORY_RETENTION_MS = 2 * DAY_MS;
/** Finished jobs stay a week for an operator to inspect failures. */
export const FINISHED_JOB_RETENTION_MS = 7 * DAY_MS;
/** The spec keeps events (and so replays and delivery history) for 30 days. */
export const EVENT_RETENTION_MS = 30 * DAY_MS;

type CleanupJob = Extract<Job, { type: `cleanup.${string}` }>;

const before = (ms: number) => new Date(Date.now() - ms);

/** Retention handlers: each deletes what its rule has expired, so running one twice is harmless. */
export function cleanupHandlers(db: Db): JobHandlers<CleanupJob> {
  return {
    "cleanup.idempotency_keys": async () => {
      await pruneIdempotencyKeys(db);
      return outcome.success();
    },
    "cleanup.rate_counters": async () => {
      await pruneCounters(db, before(RATE_COUNTER_RETENTION_MS), before(MINUTE_HISTORY_RETENTION_MS));
      return outcome.success();
    },
    "cleanup.jobs": async (_payload, { logger }) => {
      logWork(
        logger,
        { deleted: await pruneFinishedJobs(db, before(FINISHED_JOB_RETENTION_MS)) },
        "pruned jobs",
      );
      return outcome.success();
    },
    "cleanup.events": async (_payload, { logger }) => {
      logWork(logger, { deleted: await pruneEvents(db, before(EVENT_RETENTION_MS)) }, "pruned events");
      return outcome.success();
    },
    // A zip download's entries serve only its signed URL: once that has expired, nothing can read them.
    "cleanup.zip_downloads": async (_payload, { logger }) => {
      logWork(logger, { deleted: await deleteExpiredZipDownloads(db, new Date()) }, "pruned zip downloads");
      return outcome.success();
    },
  };
}

export const CLEANUP_SCHEDULES: ScheduleDefinition[] = [
  {
    name: "cleanup.idempotency_keys",
    intervalMs: HOUR_MS,
    job: { type: "cleanup.idempotency_keys", payload: {} },
  },
  { name: "cleanup.rate_counters", intervalMs: DAY_MS, job: { type: "cleanup.rate_counters", payload: {} } },
  { name: "cleanup.jobs", intervalMs: HOUR_MS, job: { type: "cleanup.jobs", payload: {} } },
  { name: "cleanup.events", intervalMs: HOUR_MS, job: { type: "cleanup.events", payload: {} } },
  {
    name: "cleanup.zip_downloads",
    intervalMs: HOUR_MS,
    job: { type: "cleanup.zip_downloads", payload: {} },
  },
];
