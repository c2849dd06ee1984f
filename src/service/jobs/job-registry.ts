import type { ServiceDeps } from "../deps.ts";
import { importHandlers } from "../imports/import-jobs.ts";
import { TAG_SCHEDULES, tagHandlers } from "../tags/tag-jobs.ts";
import { TRANSFER_SCHEDULES, transferHandlers } from "../transfers/transfer-jobs.ts";
import { WEBHOOK_SCHEDULES, webhookHandlers } from "../webhooks/webhook-jobs.ts";
import { CLEANUP_SCHEDULES, cleanupHandlers } from "./cleanup-handlers.ts";
import { CONTENT_SCHEDULES, contentHandlers } from "./content-handlers.ts";
import type { JobHandlers } from "./job-handler.ts";
import { MAINTENANCE_SCHEDULES, maintenanceHandlers } from "./maintenance-handlers.ts";
import type { ScheduleDefinition } from "./scheduler.ts";

/** The handler of every job type: a type added to `JobPayloads` without a handler here does not compile. */
export function createJobHandlers(deps: ServiceDeps): JobHandlers {
  return {
    ...cleanupHandlers(deps.db),
    ...contentHandlers(deps),
    ...maintenanceHandlers(deps.database),
    ...webhookHandlers(deps),
    ...transferHandlers(deps),
    ...importHandlers(deps),
    ...tagHandlers(deps),
  };
}

/** Recurring jobs, fired once per interval across all worker processes. */
export const JOB_SCHEDULES: ScheduleDefinition[] = [
  ...CLEANUP_SCHEDULES,
  ...CONTENT_SCHEDULES,
  ...MAINTENANCE_SCHEDULES,
  ...WEBHOOK_SCHEDULES,
  ...TRANSFER_SCHEDULES,
  ...TAG_SCHEDULES,
];
