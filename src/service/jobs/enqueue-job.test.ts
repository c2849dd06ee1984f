import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { enqueueJob } from "./enqueue-job.ts";
import { claimJobs, markSucceeded } from "./jobs.repository.ts";
import { type JobsTestKit, openJobsTestKit } from "./jobs-test-kit.ts";

type TestJob = { type: "test.work"; payload: { itemId: string } };

const claim = (db: Db, workerId = "w1") =>
  claimJobs(db, { workerId, types: ["test.work"], limit: 10, leaseMs: 60_000 });

describe("enqueueJob", () => {
  let kit: JobsTestKit;
  let db: Db;
  beforeAll(async () => {
    kit = await openJobsTestKit();
    db = kit.deps.db;
  });
  afterAll(() => kit.close());
  beforeEach(() => kit.reset());

  it("stores a queued job that is due now, with the default attempts", async () => {
    const result = await enqueueJob<TestJob>(db, { type: "test.work", payload: { itemId: "fil_1" } });
    expect(result.enqueued).toBe(true);
    const [row] = await db.select().from(jobs);
    expect(row).toMatchObject({
      type: "test.work",
      payload: { itemId: "fil_1" },
      status: "queued",
      attempts: 0,
      maxAttempts: 5,
      lockedBy: null,
      dedupeKey: null,
    });
    expect(result.enqueued && result.id).toBe(row!.id);
  });

  it("commits the job with the transaction that caused it, or not at all", async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob<TestJob>(tx as Db, { type: "test.work", payload: { itemId: "fil_rolled_back" } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.select().from(jobs)).toHaveLength(0);

    await db.transaction(async (tx) => {
      await enqueueJob<TestJob>(tx as Db, { type: "test.work", payload: { itemId: "fil_committed" } });
    });
    expect((await db.select().from(jobs)).map((row) => row.payload)).toEqual([{ itemId: "fil_committed" }]);
  });

  it("keeps a job with a later runAt out of claims until it is due", async () => {
    await enqueueJob<TestJob>(
      db,
      { type: "test.work", payload: { itemId: "fil_later" } },
      { runAt: new Date(Date.now() + 60_000), maxAttempts: 2 },
    );
    expect(await claim(db)).toEqual([]);
    await db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });
    const [claimed] = await claim(db);
    expect(claimed).toMatchObject({ payload: { itemId: "fil_later" }, attempts: 1, maxAttempts: 2 });
  });

  it("with a dedupe key, enqueues once while a job is queued or running", async () => {
    const job: TestJob = { type: "test.work", payload: { itemId: "ver_1" } };
    const first = await enqueueJob<TestJob>(db, job, { dedupeKey: "process:ver_1" });
    expect(first.enqueued).toBe(true);
    expect(await enqueueJob<TestJob>(db, job, { dedupeKey: "process:ver_1" })).toEqual({
      enqueued: false,
      reason: "duplicate",
    });
    expect((await enqueueJob<TestJob>(db, job, { dedupeKey: "process:ver_2" })).enqueued).toBe(true);

    const claimed = (await claim(db)).find((c) => first.enqueued && c.id === first.id)!;
    expect((await enqueueJob<TestJob>(db, job, { dedupeKey: "process:ver_1" })).enqueued).toBe(false);

    await markSucceeded(db, claimed);
    expect((await enqueueJob<TestJob>(db, job, { dedupeKey: "process:ver_1" })).enqueued).toBe(true);
    const rows = await db.select().from(jobs).where(eq(jobs.dedupeKey, "process:ver_1"));
    expect(rows.map((row) => row.status).sort()).toEqual(["queued", "succeeded"]);
  });

  it("with a dedupe key, a concurrent enqueue in another transaction is a no-op too", async () => {
    const job: TestJob = { type: "test.work", payload: { itemId: "ver_9" } };
    const results = await Promise.all(
      [kit.deps.db, kit.otherProcess.db, kit.deps.db, kit.otherProcess.db].map((handle) =>
        handle.transaction((tx) => enqueueJob<TestJob>(tx as Db, job, { dedupeKey: "process:ver_9" })),
      ),
    );
    expect(results.filter((result) => result.enqueued)).toHaveLength(1);
    expect(await db.select().from(jobs)).toHaveLength(1);
  });
});
