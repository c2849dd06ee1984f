import { asc } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { enqueueJob } from "./enqueue-job.ts";
import { type JobHandlers, outcome } from "./job-handler.ts";
import { createJobRunner, type JobRunner, type JobRunnerOptions } from "./job-runner.ts";
import { createGate, type JobsTestKit, openJobsTestKit, waitFor } from "./jobs-test-kit.ts";

type TestJob = { type: "test.work"; payload: { n: number } };

const FAST: JobRunnerOptions = {
  pollMs: 10,
  leaseMs: 5_000,
  retry: { baseMs: 20, maxMs: 1_000 },
  stopTimeoutMs: 1_000,
};

describe("job runner", () => {
  let kit: JobsTestKit;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    kit = await openJobsTestKit();
  });
  afterAll(() => kit.close());
  beforeEach(() => kit.reset());
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });

  function startRunner(handlers: JobHandlers<TestJob>, options: JobRunnerOptions = {}, deps?: ServiceDeps) {
    const runner = createJobRunner<TestJob>(deps ?? kit.deps, handlers, { ...FAST, ...options });
    runners.push(runner);
    runner.start();
    return runner;
  }

  const enqueue = (n: number, options = {}) =>
    enqueueJob<TestJob>(kit.deps.db, { type: "test.work", payload: { n } }, options);
  const allJobs = () => kit.deps.db.select().from(jobs).orderBy(asc(jobs.id));
  const allFinished = async () => (await allJobs()).every((job) => job.finishedAt !== null);

  it("runs an enqueued job once the signal wakes it, and records success", async () => {
    const seen: number[] = [];
    const runner = startRunner(
      {
        "test.work": async ({ n }, context) => {
          seen.push(n, context.attempt);
          return outcome.success();
        },
      },
      { pollMs: 60_000 },
    );
    await enqueue(7);
    kit.deps.signal.notify("jobs");
    await waitFor(allFinished);
    expect(seen).toEqual([7, 1]);
    const [job] = await allJobs();
    expect(job).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lockedBy: runner.workerId,
      lockedUntil: null,
    });
    expect(job!.lastError).toBeNull();
  });

  it("records a skipped job as succeeded", async () => {
    startRunner({ "test.work": async () => outcome.skipped("the file is gone") });
    await enqueue(1);
    await waitFor(allFinished);
    expect((await allJobs())[0]).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("retries a failing job with growing delays until it succeeds", async () => {
    const calls: number[] = [];
    startRunner({
      "test.work": async () => {
        calls.push(Date.now());
        if (calls.length === 1) throw new Error("storage unavailable");
        if (calls.length === 2) return outcome.failed("still unavailable");
        return outcome.success();
      },
    });
    await enqueue(1);
    await waitFor(allFinished);
    const [job] = await allJobs();
    expect(job).toMatchObject({ status: "succeeded", attempts: 3, lastError: "still unavailable" });
    // Base 20 ms: at least 20 ms before the second attempt and 40 ms before the third.
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(20);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(40);
  });

  it("fails a job for good once its attempts are used up, keeping the last error", async () => {
    let calls = 0;
    startRunner({
      "test.work": async () => {
        calls++;
        throw new Error(`attempt ${calls} failed`);
      },
    });
    await enqueue(1, { maxAttempts: 3 });
    await waitFor(allFinished);
    expect(calls).toBe(3);
    expect((await allJobs())[0]).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "attempt 3 failed",
      lockedUntil: null,
    });
  });

  it("runs at most `concurrency` handlers at once", async () => {
    let running = 0;
    let peak = 0;
    // All queued before the runner starts: enqueued one by one beside it, under load each job could end before
    // the next was claimed, and the runner never had three to run (CI saw a peak of 2).
    for (let n = 0; n < 12; n++) await enqueue(n);
    startRunner(
      {
        "test.work": async () => {
          peak = Math.max(peak, ++running);
          await new Promise((resolve) => setTimeout(resolve, 15));
          running--;
          return outcome.success();
        },
      },
      { concurrency: 3 },
    );
    await waitFor(allFinished);
    expect(peak).toBe(3);
  });

  it("claims the work that came while every slot was busy as soon as a run ends, without waiting for a poll", async () => {
    const gate = createGate();
    const seen: number[] = [];
    startRunner(
      {
        "test.work": async ({ n }) => {
          seen.push(n);
          if (n === 1) await gate.opened;
          return outcome.success();
        },
      },
      { concurrency: 1, pollMs: 60_000 },
    );
    await enqueue(1);
    kit.deps.signal.notify("jobs");
    await waitFor(async () => seen.length === 1);
    // They come, and wake the runner, while its one slot is taken: it claims nothing until the first run ends.
    await enqueue(2);
    await enqueue(3);
    kit.deps.signal.notify("jobs");
    gate.open();
    await waitFor(allFinished);
    expect(seen).toEqual([1, 2, 3]);
  });

  it("processes each of 200 jobs exactly once with two runners in parallel", async () => {
    const handledBy = new Map<number, string[]>();
    const record =
      (name: string) =>
      async ({ n }: { n: number }) => {
        handledBy.set(n, [...(handledBy.get(n) ?? []), name]);
        await new Promise((resolve) => setImmediate(resolve));
        return outcome.success();
      };
    await kit.deps.db.insert(jobs).values(
      Array.from({ length: 200 }, (_, n) => ({
        type: "test.work",
        payload: { n },
        status: "queued" as const,
      })),
    );
    startRunner({ "test.work": record("a") }, { concurrency: 5 });
    startRunner({ "test.work": record("b") }, { concurrency: 5 }, kit.otherProcess);
    await waitFor(allFinished, 20_000);

    expect([...handledBy.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect([...handledBy.values()].every((names) => names.length === 1)).toBe(true);
    const rows = await allJobs();
    expect(rows.every((row) => row.status === "succeeded" && row.attempts === 1)).toBe(true);
    const byRunner = [...handledBy.values()].flat();
    expect(byRunner.filter((name) => name === "a").length).toBeGreaterThan(0);
    expect(byRunner.filter((name) => name === "b").length).toBeGreaterThan(0);
  });

  it("stop() stops claiming and waits for running handlers", async () => {
    const gate = createGate();
    let started = 0;
    const runner = startRunner({
      "test.work": async () => {
        started++;
        await gate.opened;
        return outcome.success();
      },
    });
    await enqueue(1);
    await waitFor(() => started === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await enqueue(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);

    gate.open();
    await stopping;
    expect(started).toBe(1);
    expect((await allJobs()).map((job) => job.status)).toEqual(["succeeded", "queued"]);
  });

  it("stop() gives up after its timeout and aborts the handlers still running", async () => {
    let aborted = false;
    const runner = startRunner(
      {
        "test.work": (_payload, { signal }) =>
          new Promise((resolve) => {
            signal.addEventListener("abort", () => {
              aborted = true;
              resolve(outcome.failed("aborted"));
            });
          }),
      },
      { stopTimeoutMs: 50 },
    );
    await enqueue(1);
    await waitFor(async () => (await allJobs())[0]?.status === "running");
    const started = Date.now();
    await runner.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(aborted).toBe(true);
    // Given back for another worker at once, the interrupted attempt not counted.
    const [job] = await allJobs();
    expect(job).toMatchObject({ status: "queued", attempts: 0, lockedBy: null, lockedUntil: null });
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  describe("leases", () => {
    const onlyJob = async () => (await kit.deps.db.select().from(jobs))[0]!;

    // A crashed worker: its one slot holds a job it never finishes, under a short lease it never renews.
    const crashedWorker = { leaseMs: 150, heartbeatMs: 60_000, concurrency: 1 };

    it("lets another runner take over a job whose lease expired; the late outcome is discarded", async () => {
      const gate = createGate();
      const stalled = startRunner(
        {
          "test.work": async () => {
            await gate.opened;
            return outcome.failed("finished late");
          },
        },
        crashedWorker,
        kit.deps,
      );
      await enqueueJob<TestJob>(kit.deps.db, { type: "test.work", payload: { n: 1 } });
      await waitFor(async () => (await onlyJob()).lockedBy === stalled.workerId);

      const rescuer = startRunner(
        { "test.work": async () => outcome.success() },
        { leaseMs: 5_000 },
        kit.otherProcess,
      );
      await waitFor(async () => (await onlyJob()).status === "succeeded");
      const takenOver = await onlyJob();
      expect(takenOver).toMatchObject({ lockedBy: rescuer.workerId, attempts: 2, lastError: null });

      gate.open();
      await stalled.stop();
      expect(await onlyJob()).toEqual(takenOver);
    });

    it("keeps the lease while the handler runs, so no one else takes the job", async () => {
      let calls = 0;
      const slow = async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 500));
        return outcome.success();
      };
      startRunner({ "test.work": slow }, { leaseMs: 120, heartbeatMs: 30 }, kit.deps);
      await enqueueJob<TestJob>(kit.deps.db, { type: "test.work", payload: { n: 1 } });
      await waitFor(() => calls === 1);
      startRunner({ "test.work": slow }, { leaseMs: 120, heartbeatMs: 30 }, kit.otherProcess);

      await waitFor(async () => (await onlyJob()).status === "succeeded");
      expect(calls).toBe(1);
      expect((await onlyJob()).attempts).toBe(1);
    });

    it("fails a job whose worker died during its last attempt instead of running it again", async () => {
      const gate = createGate();
      startRunner({ "test.work": () => gate.opened.then(() => outcome.success()) }, crashedWorker, kit.deps);
      await enqueueJob<TestJob>(kit.deps.db, { type: "test.work", payload: { n: 1 } }, { maxAttempts: 1 });
      await waitFor(async () => (await onlyJob()).status === "running");

      let rescuerCalls = 0;
      const rescue = async () => {
        rescuerCalls++;
        return outcome.success();
      };
      startRunner({ "test.work": rescue }, { leaseMs: 5_000 }, kit.otherProcess);
      await waitFor(async () => (await onlyJob()).status === "failed");
      expect(rescuerCalls).toBe(0);
      expect((await onlyJob()).lastError).toMatch(/lease expired during the last attempt/);
      gate.open();
    });

    it("aborts a handler whose lease was lost", async () => {
      let aborted = false;
      const runner = startRunner(
        {
          "test.work": (_payload, { signal }) =>
            new Promise((resolve) => {
              signal.addEventListener("abort", () => {
                aborted = true;
                resolve(outcome.success());
              });
            }),
        },
        { leaseMs: 5_000, heartbeatMs: 20 },
        kit.deps,
      );
      await enqueueJob<TestJob>(kit.deps.db, { type: "test.work", payload: { n: 1 } });
      await waitFor(async () => (await onlyJob()).lockedBy === runner.workerId);
      await kit.deps.db.update(jobs).set({ lockedBy: "an-operator" });

      await waitFor(() => aborted);
      expect(await onlyJob()).toMatchObject({ status: "running", lockedBy: "an-operator" });
    });
  });
});
