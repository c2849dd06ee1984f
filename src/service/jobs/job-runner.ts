// Our own queue, not pg-boss (which can run on PGlite through its `db` adapter), because:
// - a job is enqueued by a plain insert in the same Drizzle transaction as the change and its outbox event;
// - long media jobs keep their claim by heartbeat (lease renewal), where pg-boss 10 expires a job after a fixed
//   `expireInSeconds`;
// - pg-boss 10.x is the last line for Node 20 (`>=20`); 11.x needs Node >=22 and 12.x >=22.12.0, and we
//   support Node >=20.19;
// - PGlite has one connection, which pg-boss's own polling and maintenance would share with every request.
import { randomBytes } from "node:crypto";
import os from "node:os";
import type { ServiceDeps } from "../deps.ts";
import type { JobHandler, JobHandlers } from "./job-handler.ts";
import type { Job, JobPayload, JobShape } from "./job-types.ts";
import { type ClaimedJob, claimJobs } from "./jobs.repository.ts";
import { DEFAULT_RETRY_DELAY, type RetryDelayOptions } from "./retry-delay.ts";
import { type JobRun, startJobRun } from "./run-job.ts";

export interface JobRunnerOptions {
  /** Written to `locked_by`; default host, pid and a random suffix. */
  workerId?: string;
  /** Jobs handled at once by this runner; default 4. */
  concurrency?: number;
  /** Default `config.jobPollMs`; the `jobs` signal wakes the runner sooner for work of this process. */
  pollMs?: number;
  /** How long a claim holds without a heartbeat; a crashed worker's jobs wait this long. Default 60 s. */
  leaseMs?: number;
  /** Default a third of the lease, so two heartbeats may fail before the lease lapses. */
  heartbeatMs?: number;
  retry?: RetryDelayOptions;
  /** How long stop() waits for running handlers; default 30 s. */
  stopTimeoutMs?: number;
}

export interface JobRunner {
  readonly workerId: string;
  start(): void;
  /** Stops claiming and waits for running handlers, up to the stop timeout. */
  stop(): Promise<void>;
}

type RunnerDeps = Pick<ServiceDeps, "db" | "logger" | "signal" | "config">;

/** How long a stopping worker waits for aborted handlers to return, so their jobs are released at once. */
const RELEASE_GRACE_MS = 2_000;

/** A runner that claims due jobs of the handled types from the database and runs them with bounded concurrency. */
export function createJobRunner<TJob extends JobShape = Job>(
  deps: RunnerDeps,
  handlers: JobHandlers<TJob>,
  options: JobRunnerOptions = {},
): JobRunner {
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const runSettings = {
    leaseMs,
    heartbeatMs: options.heartbeatMs ?? Math.floor(leaseMs / 3),
    retry: options.retry ?? DEFAULT_RETRY_DELAY,
  };
  const table = handlers as unknown as Record<string, JobHandler<JobPayload>>;
  const types = Object.keys(table);
  const logger = deps.logger.child({ component: "jobs", workerId });
  const runs = new Set<JobRun>();
  let state: "created" | "running" | "stopping" = "created";
  let claiming: Promise<void> | null = null;
  let claimAgain = false;
  /**
   * Whether due jobs may be waiting that no claim took: the last claim filled every free slot, or a wake-up found
   * no slot free. Only then does a finishing run claim; otherwise new work wakes the runner (or its poll finds it).
   */
  let mayBeWaiting = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};
  let stopped: Promise<void> | null = null;

  function wake() {
    if (state !== "running") return;
    claimAgain = true;
    claiming ??= claimWhileFree().finally(() => {
      claiming = null;
    });
  }

  async function claimWhileFree() {
    while (claimAgain && state === "running") {
      claimAgain = false;
      const free = concurrency - runs.size;
      // A finishing run wakes the runner again.
      if (free <= 0) {
        mayBeWaiting = true;
        return;
      }
      let claimed: ClaimedJob[];
      try {
        claimed = await claimJobs(deps.db, { workerId, types, limit: free, leaseMs });
      } catch (error) {
        logger.error({ err: error }, "claiming jobs failed; trying again at the next poll");
        return;
      }
      for (const job of claimed) launch(job);
      mayBeWaiting = claimed.length === free;
      if (mayBeWaiting) claimAgain = true;
    }
  }

  function launch(job: ClaimedJob) {
    const run = startJobRun(deps.db, table[job.type]!, job, runSettings, logger);
    runs.add(run);
    void run.done.then(() => {
      runs.delete(run);
      if (mayBeWaiting) wake();
    });
  }

  async function shutDown() {
    state = "stopping";
    clearInterval(pollTimer);
    unsubscribe();
    await claiming;
    const all = Promise.all([...runs].map((run) => run.done));
    if (await finishesWithin(all, stopTimeoutMs)) return;
    logger.warn(
      { jobIds: [...runs].map((run) => run.job.id) },
      "stopped waiting for running jobs; they go back to the queue for another worker",
    );
    for (const run of runs) run.release("the worker is shutting down");
    // A handler that ignores its signal keeps its lease until it lapses; the release is recorded if it returns soon.
    await finishesWithin(all, RELEASE_GRACE_MS);
  }

  return {
    workerId,
    start() {
      if (state !== "created") return;
      state = "running";
      unsubscribe = deps.signal.on("jobs", wake);
      pollTimer = setInterval(wake, options.pollMs ?? deps.config.jobPollMs);
      wake();
    },
    stop() {
      stopped ??= shutDown();
      return stopped;
    },
  };
}

async function finishesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
