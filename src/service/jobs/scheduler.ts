import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { enqueueJob, enqueueLookForWork } from "./enqueue-job.ts";
import type { Job, JobShape } from "./job-types.ts";
import { claimDueSchedules, upsertSchedules } from "./schedules.repository.ts";

/** Recurring work: enqueue `job` once per `intervalMs` across all processes. */
export interface ScheduleDefinition<TJob extends JobShape = Job> {
  name: string;
  intervalMs: number;
  job: TJob;
  /**
   * Fires every few seconds only to look for work (its job says when it found some): logged at debug. A run still
   * going does not hold back the next one (a run held by a crashed process would, until its lease lapsed); only
   * one already waiting does.
   */
  heartbeat?: boolean;
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

/** A schedule that fired, and whether that queued a job (a run left from the last interval is enough). */
export interface FiredSchedule {
  name: string;
  enqueued: boolean;
}

/**
 * Fires the due schedules: advancing a schedule and enqueueing its job share one transaction, so a schedule
 * never fires without its job, nor twice.
 */
export async function fireDueSchedules<TJob extends JobShape = Job>(
  db: Db,
  definitions: ScheduleDefinition<TJob>[],
): Promise<FiredSchedule[]> {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return db.transaction(async (tx) => {
    const due = await claimDueSchedules(tx as Db, [...byName.keys()]);
    const fired: FiredSchedule[] = [];
    for (const name of due) {
      const { job, heartbeat } = byName.get(name)!;
      // A run still queued or running from the last interval is enough; do not pile up another (a heartbeat:
      // only one still queued, see `heartbeat`).
      const result = heartbeat
        ? await enqueueLookForWork<TJob>(tx as Db, job)
        : await enqueueJob<TJob>(tx as Db, job, { dedupeKey: `schedule:${name}` });
      fired.push({ name, enqueued: result.enqueued });
    }
    return fired;
  });
}

/** Fires the due schedules; returns the names that fired. */
export async function tickSchedules<TJob extends JobShape = Job>(
  db: Db,
  definitions: ScheduleDefinition<TJob>[],
): Promise<string[]> {
  return (await fireDueSchedules(db, definitions)).map((fired) => fired.name);
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

  const heartbeats = new Set(definitions.filter((d) => d.heartbeat).map((d) => d.name));

  async function tick() {
    try {
      const fired = await fireDueSchedules(deps.db, definitions);
      if (fired.length === 0) return;
      logFired(fired);
      deps.signal.notify("jobs");
    } catch (error) {
      logger.error({ err: error }, "ticking schedules failed; trying again at the next tick");
    }
  }

  /** At info only the schedules that queued work; heartbeats and runs left from the last interval at debug. */
  function logFired(fired: FiredSchedule[]) {
    const news = fired.filter((f) => f.enqueued && !heartbeats.has(f.name)).map((f) => f.name);
    const routine = fired.filter((f) => !news.includes(f.name)).map((f) => f.name);
    if (news.length > 0) logger.info({ schedules: news }, "schedules fired");
    if (routine.length > 0) logger.debug({ schedules: routine }, "schedules fired");
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
