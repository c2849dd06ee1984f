import type { ServiceDeps } from "../deps.ts";
import { type JobHandlers, logWork, outcome } from "../jobs/job-handler.ts";
import type { Job } from "../jobs/job-types.ts";
import type { ScheduleDefinition } from "../jobs/scheduler.ts";
import { foldTagCounts } from "./tags.repository.ts";

type TagJob = Extract<Job, { type: "tags.fold_counts" }>;

export function tagHandlers(deps: ServiceDeps): JobHandlers<TagJob> {
  return {
    "tags.fold_counts": async (_payload, { logger }) => {
      logWork(logger, { folded: await foldTagCounts(deps.db) }, "folded tag count changes");
      return outcome.success();
    },
  };
}

/** Every minute: the changes a listing sums beside the counts stay few (a count is exact either way). */
export const TAG_SCHEDULES: ScheduleDefinition[] = [
  { name: "tags.fold_counts", intervalMs: 60_000, job: { type: "tags.fold_counts", payload: {} } },
];
