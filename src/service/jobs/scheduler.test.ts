import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, schedules } from "../db/schema/index.ts";
import { outcome } from "./job-handler.ts";
import { createJobRunner } from "./job-runner.ts";
import { type JobsTestKit, openJobsTestKit, waitFor } from "./jobs-test-kit.ts";
import {
  createScheduler,
  ensureSchedules,
  fireDueSchedules,
  type ScheduleDefinition,
  tickSchedules,
} from "./scheduler.ts";

type TestJob = { type: "test.tick"; payload: { schedule: string } };

const HOUR_MS = 3_600_000;
const hourly: ScheduleDefinition<TestJob> = {
  name: "test.hourly",
  intervalMs: HOUR_MS,
  job: { type: "test.tick", payload: { schedule: "test.hourly" } },
};

describe("schedules", () => {
  let kit: JobsTestKit;
  beforeAll(async () => {
    kit = await openJobsTestKit();
  });
  afterAll(() => kit.close());
  beforeEach(() => kit.reset());

  const scheduleRow = async (name = hourly.name) =>
    (await kit.deps.db.select().from(schedules).where(eq(schedules.name, name)))[0]!;
  const jobCount = async () => (await kit.deps.db.select().from(jobs)).length;
  /** Moves the schedule back in time, as if `ms` had passed. */
  const elapse = (ms: number) =>
    kit.deps.db
      .update(schedules)
      .set({ nextRunAt: sql`${schedules.nextRunAt} - ${ms} * interval '1 millisecond'` });
  const finishAllJobs = () => kit.deps.db.update(jobs).set({ status: "succeeded", finishedAt: sql`now()` });

  it("registers a schedule due now, and registering again keeps its next run", async () => {
    await ensureSchedules(kit.deps.db, [hourly]);
    const first = await scheduleRow();
    expect(first.intervalMs).toBe(HOUR_MS);
    expect(Math.abs(first.nextRunAt.getTime() - Date.now())).toBeLessThan(5_000);

    await tickSchedules(kit.deps.db, [hourly]);
    const advanced = await scheduleRow();
    await ensureSchedules(kit.deps.db, [hourly]);
    expect(await scheduleRow()).toEqual(advanced);

    await ensureSchedules(kit.deps.db, [{ ...hourly, intervalMs: 60_000 }]);
    const shortened = await scheduleRow();
    expect(shortened.intervalMs).toBe(60_000);
    expect(shortened.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 65_000);
  });

  it("fires once per interval, however many processes tick at once", async () => {
    await ensureSchedules(kit.deps.db, [hourly]);
    const tickEverywhere = async () => {
      const fired = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          tickSchedules((i % 2 === 0 ? kit.deps : kit.otherProcess).db, [hourly]),
        ),
      );
      return fired.flat();
    };
    expect(await tickEverywhere()).toEqual([hourly.name]);
    expect(await jobCount()).toBe(1);
    expect(await tickEverywhere()).toEqual([]);

    await finishAllJobs();
    await elapse(HOUR_MS);
    expect(await tickEverywhere()).toEqual([hourly.name]);
    expect(await jobCount()).toBe(2);
    const [job] = await kit.deps.db.select().from(jobs).where(eq(jobs.status, "queued"));
    expect(job).toMatchObject({ type: "test.tick", payload: { schedule: "test.hourly" } });
  });

  it("keeps the cadence, and collapses runs missed during downtime into one", async () => {
    await ensureSchedules(kit.deps.db, [hourly]);
    await tickSchedules(kit.deps.db, [hourly]);
    const cadence = (await scheduleRow()).nextRunAt.getTime();

    await finishAllJobs();
    await elapse(3.5 * HOUR_MS);
    expect(await tickSchedules(kit.deps.db, [hourly])).toEqual([hourly.name]);
    expect(await tickSchedules(kit.deps.db, [hourly])).toEqual([]);
    // Due 2.5 h ago: the next run is the next slot of its cadence, half an hour from now.
    expect((await scheduleRow()).nextRunAt.getTime()).toBe(cadence - 3.5 * HOUR_MS + 3 * HOUR_MS);
  });

  it("does not enqueue another run while the last one is still queued", async () => {
    await ensureSchedules(kit.deps.db, [hourly]);
    await tickSchedules(kit.deps.db, [hourly]);
    await elapse(HOUR_MS);
    expect(await tickSchedules(kit.deps.db, [hourly])).toEqual([hourly.name]);
    expect(await jobCount()).toBe(1);
  });

  it("queues a heartbeat again while its last run is held by a worker, but not while one waits", async () => {
    const heartbeat: ScheduleDefinition<TestJob> = { ...hourly, name: "test.heartbeat", heartbeat: true };
    await ensureSchedules(kit.deps.db, [heartbeat]);
    expect(await tickSchedules(kit.deps.db, [heartbeat])).toEqual([heartbeat.name]);
    await elapse(HOUR_MS);
    // Fired, but one is waiting already.
    expect(await fireDueSchedules(kit.deps.db, [heartbeat])).toEqual([
      { name: heartbeat.name, enqueued: false },
    ]);
    expect(await jobCount()).toBe(1);

    // A worker that died holding the run keeps it leased for a long while: the next heartbeat does not wait.
    await kit.deps.db
      .update(jobs)
      .set({ status: "running", lockedBy: "a crashed worker", lockedUntil: sql`now() + interval '1 hour'` });
    await elapse(HOUR_MS);
    expect(await fireDueSchedules(kit.deps.db, [heartbeat])).toEqual([
      { name: heartbeat.name, enqueued: true },
    ]);
    const rows = await kit.deps.db.select().from(jobs);
    expect(rows.map((row) => row.status).sort()).toEqual(["queued", "running"]);
    expect(rows.find((row) => row.status === "queued")).toMatchObject({
      type: "test.tick",
      payload: { schedule: "test.hourly" },
    });
  });

  it("ticks on its own in each process and wakes that process's runner", async () => {
    const interval = { ...hourly, intervalMs: 400 };
    const ticked: number[] = [];
    const processes = [kit.deps, kit.otherProcess].map((deps) => ({
      // Only the signal wakes these runners: their poll is far beyond the test.
      runner: createJobRunner<TestJob>(
        deps,
        {
          "test.tick": async () => {
            ticked.push(Date.now());
            return outcome.success();
          },
        },
        { pollMs: 60_000 },
      ),
      scheduler: createScheduler(deps, [interval], { tickMs: 10 }),
    }));
    const startedAt = Date.now();
    for (const { runner } of processes) runner.start();
    await Promise.all(processes.map(({ scheduler }) => scheduler.start()));
    await waitFor(() => ticked.length >= 2);
    for (const { runner, scheduler } of processes) {
      await scheduler.stop();
      await runner.stop();
    }
    const elapsed = Date.now() - startedAt;

    // At most one run per interval that began while both processes ticked, however slow the machine made them.
    expect(ticked.length).toBeLessThanOrEqual(1 + Math.floor(elapsed / interval.intervalMs));
  });
});
