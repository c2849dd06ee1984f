import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { enqueueJob } from "./enqueue-job.ts";
import type { Job, JobShape } from "./job-types.ts";
import { claimDueSchedules, upsertSchedules } from "./schedules.repository.ts";

/** Recurring work: enqueue `job` once per `intervalMs` across all processes. */
export interface ScheduleDefinition<TJob extends JobShape = Job> {
  name: string;
  intervalMs: number;
  job: TJob;
}

/** Registers the schedules (idempotent; run on every start). */
export async function ensureSchedules<TJob extends JobShape = Job>(
  db: Db,
  definitions: ScheduleDefinition<TJob>[],
): Promise<void> {
  await upsertSchedules(
    db,
    definitions.map(({ name, intervalMs }) => ({ name, intervalMs })),
  );
}

/**
 * Fires the due schedules: advancing a schedule and enqueueing its job share one transaction, so a schedule
 * never fires without its job, nor twice. Returns the names that fired.
 */
export async function tickSchedules<TJob extends JobShape = Job>(
  db: Db,
  definitions: ScheduleDefinition<TJob>[],
): Promise<string[]> {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return db.transaction(async (tx) => {
    const due = await claimDueSchedules(tx as Db, [...byName.keys()]);
    for (const name of due) {
      // A run still queued or running from the last interval is enough; do not pile up another.
      await enqueueJob<TJob>(tx as Db, byName.get(name)!.job, { dedupeKey: `schedule:${name}` });
    }
    return due;
  });
}

export interface Scheduler {
  /** Registers the schedules and starts ticking. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

type SchedulerDeps = Pick<ServiceDeps, "db" | "logger" | "signal" | "config">;

/** Ticks every `tickMs` (default `config.jobPollMs`) and wakes this process's runner when a schedule fired. */
export function createScheduler<TJob extends JobShape = Job>(
  deps: SchedulerDeps,
  definitions: ScheduleDefinition<TJob>[],
  options: { tickMs?: number } = {},
): Scheduler {
  const logger = deps.logger.child({ component: "schedules" });
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let stopped = false;

  async function tick() {
    try {
      const fired = await tickSchedules(deps.db, definitions);
      if (fired.length === 0) return;
      logger.info({ schedules: fired }, "schedules fired");
      deps.signal.notify("jobs");
    } catch (error) {
      logger.error({ err: error }, "ticking schedules failed; trying again at the next tick");
    }
  }

  function tickOnce(): Promise<void> {
    ticking ??= tick().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  return {
    async start() {
      await ensureSchedules(deps.db, definitions);
      await tickOnce();
      if (stopped) return;
      timer = setInterval(tickOnce, options.tickMs ?? deps.config.jobPollMs);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await ticking;
    },
  };
}
