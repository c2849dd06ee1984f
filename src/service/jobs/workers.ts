import type { ServiceDeps } from "../deps.ts";
import { wakeOnCommittedEvents } from "../webhooks/dispatch.ts";
import { JOBS_QUEUED_CHANNEL } from "./enqueue-job.ts";
import { createJobHandlers, JOB_SCHEDULES } from "./job-registry.ts";
import { createJobRunner, type JobRunnerOptions } from "./job-runner.ts";
import type { Job } from "./job-types.ts";
import { createScheduler } from "./scheduler.ts";

export interface Workers {
  stop(): Promise<void>;
}

/**
 * Jobs that take as long as their bytes do (URL imports of up to 5 GiB, transfer zips): they run on a runner of
 * their own, so that they never hold the slots media processing and deliveries need.
 */
const LONG_JOBS = ["imports.run", "transfers.build_zip"] as const;
type LongJob = Extract<Job, { type: (typeof LONG_JOBS)[number] }>;
const LONG_JOB_LEASE_MS = 20_000;

/** The same dependencies, with the database as background work's. */
function asBackgroundWork(deps: ServiceDeps): ServiceDeps {
  return { ...deps, db: deps.database.backgroundDb };
}

/**
 * Starts the in-process workers: the job runners with every handler, and the schedules tick. They use the
 * database as background work (`Database.backgroundDb`).
 */
export async function startWorkers(
  serviceDeps: ServiceDeps,
  options: JobRunnerOptions = {},
): Promise<Workers> {
  const deps = asBackgroundWork(serviceDeps);
  const { "imports.run": runImport, "transfers.build_zip": buildZip, ...handlers } = createJobHandlers(deps);
  const runner = createJobRunner<Exclude<Job, LongJob>>(deps, handlers, options);
  const longRunner = createJobRunner<LongJob>(
    deps,
    { "imports.run": runImport, "transfers.build_zip": buildZip },
    {
      ...options,
      workerId: options.workerId && `${options.workerId}:long`,
      concurrency: deps.config.longJobWorkers,
      // Heartbeats keep a long download's claim; a crashed worker's gives way sooner.
      leaseMs: options.leaseMs ?? LONG_JOB_LEASE_MS,
    },
  );
  const scheduler = createScheduler(deps, JOB_SCHEDULES);
  // The scheduler first: if the database is unreachable at start, nothing is left running.
  await scheduler.start();
  runner.start();
  longRunner.start();
  const stopWaking = await wakeOnCommittedEvents(deps);
  // A job queued by any process (an API process at scale) is claimed at once, not at the next poll.
  const stopHearingJobs = await deps.database.listen(JOBS_QUEUED_CHANNEL, () => deps.signal.notify("jobs"));
  deps.logger.info({ workerId: runner.workerId }, "workers started");
  return {
    async stop() {
      await stopHearingJobs();
      await stopWaking();
      await scheduler.stop();
      await Promise.all([runner.stop(), longRunner.stop()]);
    },
  };
}
