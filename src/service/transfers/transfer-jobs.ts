import type { ServiceDeps } from "../deps.ts";
import { type JobHandlers, logWork, outcome } from "../jobs/job-handler.ts";
import type { Job } from "../jobs/job-types.ts";
import type { ScheduleDefinition } from "../jobs/scheduler.ts";
import { buildTransferZip } from "./build-zip.ts";
import { announceEndedTransfers, expireDueTransfers } from "./transfers.service.ts";

type TransferJob = Extract<Job, { type: "transfers.build_zip" | "transfers.expire" | "transfers.cleanup" }>;

export function transferHandlers(deps: ServiceDeps): JobHandlers<TransferJob> {
  const system = { db: deps.db, deps };
  return {
    "transfers.build_zip": (payload, run) => buildTransferZip(system, { ...payload, run }),
    "transfers.expire": async (_payload, { logger }) => {
      logWork(logger, { expired: await expireDueTransfers(system) }, "expired transfers");
      return outcome.success();
    },
    "transfers.cleanup": async (_payload, { logger }) => {
      logWork(logger, { announced: await announceEndedTransfers(system) }, "announced transfers ended early");
      return outcome.success();
    },
  };
}

export const TRANSFER_SCHEDULES: ScheduleDefinition[] = [
  { name: "transfers.expire", intervalMs: 60_000, job: { type: "transfers.expire", payload: {} } },
  { name: "transfers.cleanup", intervalMs: 24 * 3_600_000, job: { type: "transfers.cleanup", payload: {} } },
];
