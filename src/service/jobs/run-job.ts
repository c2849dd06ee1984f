import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { jobRuns } from "../metrics/metrics.ts";
import { type JobHandler, type JobOutcome, outcome } from "./job-handler.ts";
import type { JobPayload } from "./job-types.ts";
import {
  type ClaimedJob,
  extendLease,
  markFailed,
  markSucceeded,
  releaseJob,
  scheduleRetry,
} from "./jobs.repository.ts";
import { type RetryDelayOptions, retryDelayMs } from "./retry-delay.ts";

export interface RunSettings {
  leaseMs: number;
  heartbeatMs: number;
  retry: RetryDelayOptions;
}

/** One claimed job being handled: `done` settles (never rejects) once its outcome is recorded. */
export interface JobRun {
  job: ClaimedJob;
  done: Promise<void>;
  /** Stops the heartbeat and tells the handler to give up; the lease then lapses and another worker retries. */
  abort(reason: string): void;
  /** As `abort`, for a worker that shuts down: the job goes back to the queue at once, the attempt not counted. */
  release(reason: string): void;
}

interface HandlerResult {
  outcome: JobOutcome;
  thrown?: unknown;
}

// Long enough for a stack-less message, short enough that one bad job cannot bloat the table.
const MAX_ERROR_LENGTH = 2_000;

/** Runs the handler of one claimed job while a heartbeat keeps its lease, then records the outcome. */
export function startJobRun(
  db: Db,
  handler: JobHandler<JobPayload>,
  job: ClaimedJob,
  settings: RunSettings,
  workerLogger: Logger,
): JobRun {
  const logger = workerLogger.child({ jobId: job.id, type: job.type, attempt: job.attempts });
  const controller = new AbortController();
  const heartbeat = setInterval(() => void renewLease(), settings.heartbeatMs);

  function abort(reason: string) {
    clearInterval(heartbeat);
    if (!controller.signal.aborted) controller.abort(new Error(reason));
  }

  async function renewLease() {
    try {
      if (await extendLease(db, job, settings.leaseMs)) return;
      logger.warn("job lease lost to another worker; asking the handler to stop");
      abort("the job's lease was lost");
    } catch (error) {
      logger.warn({ err: error }, "job heartbeat failed; the lease holds until it expires");
    }
  }

  let released = false;
  function release(reason: string) {
    released = true;
    abort(reason);
  }

  const done = (async () => {
    const started = performance.now();
    const result = await runHandler(handler, job, { signal: controller.signal, logger });
    clearInterval(heartbeat);
    if (released) return giveBack(db, job, logger);
    await recordOutcome(db, job, result, settings.retry, logger, Math.round(performance.now() - started));
  })();
  return { job, done, abort, release };
}

async function runHandler(
  handler: JobHandler<JobPayload>,
  job: ClaimedJob,
  tools: { signal: AbortSignal; logger: Logger },
): Promise<HandlerResult> {
  // Only a takeover claims a job past its last attempt: the run before it died mid-way, so do not try again.
  if (job.attempts > job.maxAttempts) {
    return {
      outcome: outcome.failed("the lease expired during the last attempt (its worker stopped or crashed)"),
    };
  }
  try {
    const context = { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, ...tools };
    return { outcome: await handler(job.payload, context) };
  } catch (error) {
    return { outcome: outcome.failed(errorMessage(error)), thrown: error };
  }
}

async function recordOutcome(
  db: Db,
  job: ClaimedJob,
  result: HandlerResult,
  retry: RetryDelayOptions,
  logger: Logger,
  durationMs: number,
) {
  const { outcome } = result;
  jobRuns.observe({ type: job.type, outcome: outcome.status }, durationMs / 1000);
  const fields = { durationMs, outcome: outcome.status };
  try {
    if (outcome.status !== "failed") {
      if (!(await markSucceeded(db, job))) return logTakenOver(logger, fields);
      // A skipped job had nothing to do: at rest, recurring jobs skip all the time and are not news.
      if (outcome.status === "skipped")
        return logger.debug({ ...fields, reason: outcome.reason }, "job skipped");
      return logger.info(fields, "job succeeded");
    }
    const error = outcome.error.slice(0, MAX_ERROR_LENGTH);
    const failure = { ...fields, error, err: result.thrown };
    if (job.attempts < job.maxAttempts) {
      const retryInMs = retryDelayMs(job.attempts, retry);
      if (!(await scheduleRetry(db, job, error, retryInMs))) return logTakenOver(logger, fields);
      return logger.warn({ ...failure, retryInMs }, "job failed; it will be retried");
    }
    if (!(await markFailed(db, job, error))) return logTakenOver(logger, fields);
    logger.error(failure, "job failed on its last attempt");
  } catch (error) {
    logger.error(
      { ...fields, err: error },
      "recording the job outcome failed; the job runs again once its lease expires",
    );
  }
}

async function giveBack(db: Db, job: ClaimedJob, logger: Logger) {
  try {
    if (await releaseJob(db, job)) logger.info("job released for another worker: this one is shutting down");
  } catch (error) {
    logger.warn({ err: error }, "releasing the job failed; it runs again once its lease expires");
  }
}

function logTakenOver(logger: Logger, fields: object) {
  logger.warn(fields, "job was taken over by another worker; this run's outcome is discarded");
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
