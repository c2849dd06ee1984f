import type { Logger } from "pino";
import type { Job, JobShape } from "./job-types.ts";

/** What a handler reports. `skipped` is a success with nothing to do (e.g. the item is gone). */
export type JobOutcome =
  | { status: "success" }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string };

export const outcome = {
  success: (): JobOutcome => ({ status: "success" }),
  skipped: (reason: string): JobOutcome => ({ status: "skipped", reason }),
  failed: (error: string): JobOutcome => ({ status: "failed", error }),
};

export interface JobContext {
  jobId: number;
  /** 1 on the first run; a handler may use it to decide how hard to try. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when this worker lost the lease or shuts down past its grace period: stop and return. */
  signal: AbortSignal;
  logger: Logger;
}

/** Handlers re-read state and are idempotent: a job may run again after a crash or a lost lease. */
export type JobHandler<TPayload> = (payload: TPayload, context: JobContext) => Promise<JobOutcome>;

/** One handler per job type; a job type without a handler does not compile. */
export type JobHandlers<TJob extends JobShape = Job> = {
  [J in TJob as J["type"]]: JobHandler<J["payload"]>;
};

/**
 * Logs what a recurring job did: at `info` when it changed something, at `debug` when every count is zero, so that
 * a service at rest stays quiet.
 */
export function logWork(logger: Logger, counts: Record<string, number>, message: string): void {
  const didWork = Object.values(counts).some((count) => count > 0);
  logger[didWork ? "info" : "debug"](counts, message);
}
