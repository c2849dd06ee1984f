import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../db/schema/index.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { waitFor } from "../webhooks/webhooks-test-kit.ts";
import { enqueueJob } from "./enqueue-job.ts";
import { startWorkers, type Workers } from "./workers.ts";

let service: TestService;
let workers: Workers;

beforeAll(async () => {
  // The runners poll once a minute: only the database's notification can wake them.
  service = await startTestService({ env: { JOB_POLL_MS: "60000" } });
  workers = await startWorkers(service.deps);
  // Whatever the start queued has run: a run that ends also wakes its runner, which would claim the test's job.
  await waitFor(
    async () =>
      (
        await service.deps.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(inArray(jobs.status, ["queued", "running"]), lte(jobs.runAt, sql`now()`)))
      ).length === 0 || undefined,
    10_000,
    "the workers idle",
  );
});
afterAll(async () => {
  await workers?.stop();
  await service?.close();
});

describe("a job queued by a process that tells the workers nothing", { timeout: 30_000 }, () => {
  it("is run at once, not at the workers' next poll", async () => {
    // As an API process at scale would: the job's commit, and no in-process signal.
    const queuedAt = Date.now();
    const queued = await enqueueJob(service.deps.db, { type: "webhooks.dispatch", payload: {} });
    if (!queued.enqueued) throw new Error("the job was not queued");
    const job = await waitFor(
      async () => {
        const [row] = await service.deps.db.select().from(jobs).where(eq(jobs.id, queued.id));
        return row?.status === "succeeded" ? row : undefined;
      },
      10_000,
      "the job run",
    );
    expect(job.finishedAt!.getTime() - queuedAt).toBeLessThan(5_000);
  });
});
