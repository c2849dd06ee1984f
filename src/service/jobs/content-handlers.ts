import { expireUploads, purgeTrash, reclaimBlobs } from "../content/content-jobs.ts";
import type { ServiceDeps } from "../deps.ts";
import { processVersionJob } from "../processing/process-version.job.ts";
import { type JobHandlers, logWork, outcome } from "./job-handler.ts";
import type { Job } from "./job-types.ts";
import type { ScheduleDefinition } from "./scheduler.ts";

type ContentJob = Extract<
  Job,
  {
    type: "media.process_version" | "uploads.expire" | "blobs.reclaim" | "trash.purge";
  }
>;

const HOUR_MS = 3_600_000;

export function contentHandlers(deps: ServiceDeps): JobHandlers<ContentJob> {
  const system = { db: deps.db, deps };
  return {
    "media.process_version": (payload, run) => processVersionJob(system, { ...payload, run }),
    "uploads.expire": async (_payload, { logger }) => {
      logWork(logger, { expired: await expireUploads(system) }, "expired uploads");
      return outcome.success();
    },
    "blobs.reclaim": async (_payload, { logger }) => {
      logWork(logger, { reclaimed: await reclaimBlobs(system) }, "reclaimed blobs");
      return outcome.success();
    },
    "trash.purge": async (_payload, { logger }) => {
      logWork(logger, { purged: await purgeTrash(system) }, "purged trash");
      return outcome.success();
    },
  };
}

export const CONTENT_SCHEDULES: ScheduleDefinition[] = [
  { name: "uploads.expire", intervalMs: HOUR_MS, job: { type: "uploads.expire", payload: {} } },
  { name: "blobs.reclaim", intervalMs: 6 * HOUR_MS, job: { type: "blobs.reclaim", payload: {} } },
  { name: "trash.purge", intervalMs: HOUR_MS, job: { type: "trash.purge", payload: {} } },
];
