import type { ServiceDeps } from "../deps.ts";
import { createJobHandlers, JOB_SCHEDULES } from "./job-registry.ts";
import { createJobRunner, type JobRunnerOptions } from "./job-runner.ts";
import { createScheduler } from "./scheduler.ts";

export interface Workers {
  stop(): Promise<void>;
}

/** Starts the in-process workers: the job runner with every handler, and the schedules tick. */
export async function startWorkers(deps: ServiceDeps, options: JobRunnerOptions = {}): Promise<Workers> {
  const runner = createJobRunner(deps, createJobHandlers(deps), options);
  const scheduler = createScheduler(deps, JOB_SCHEDULES);
  // The scheduler first: if the database is unreachable at start, nothing is left running.
  await scheduler.start();
  runner.start();
  deps.logger.info({ workerId: runner.workerId }, "workers started");
  return {
    async stop() {
      await scheduler.stop();
      await runner.stop();
    },
  };
}
