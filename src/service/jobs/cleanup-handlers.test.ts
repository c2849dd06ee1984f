import { asc } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import {
  brandspaces,
  events,
  idempotencyKeys,
  jobs,
  rateCounters,
  schedules,
  zipDownloads,
} from "../db/schema/index.ts";
import { cleanupHandlers } from "./cleanup-handlers.ts";
import type { JobContext } from "./job-handler.ts";
import { JOB_SCHEDULES } from "./job-registry.ts";
import { type JobsTestKit, openJobsTestKit, waitFor } from "./jobs-test-kit.ts";
import { startWorkers } from "./workers.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ago = (ms: number) => new Date(Date.now() - ms);

const context: JobContext = {
  jobId: 1,
  attempt: 1,
  maxAttempts: 5,
  signal: new AbortController().signal,
  logger: pino({ level: "silent" }),
};

describe("cleanup handlers", () => {
  let kit: JobsTestKit;
  let db: Db;
  let handlers: ReturnType<typeof cleanupHandlers>;
  beforeAll(async () => {
    kit = await openJobsTestKit();
    db = kit.deps.db;
    handlers = cleanupHandlers(db);
  });
  afterAll(() => kit.close());
  beforeEach(async () => {
    await kit.reset();
    await db.delete(idempotencyKeys);
    await db.delete(rateCounters);
    await db.delete(events);
  });

  it("deletes idempotency keys older than 24 hours", async () => {
    const key = (name: string, createdAt: Date) => ({
      apiKeyId: "key_1",
      key: name,
      requestHash: "hash",
      state: "completed" as const,
      createdAt,
    });
    await db
      .insert(idempotencyKeys)
      .values([key("expired", ago(25 * HOUR_MS)), key("fresh", ago(23 * HOUR_MS)), key("new", new Date())]);

    expect(await handlers["cleanup.idempotency_keys"]({}, context)).toEqual({ status: "success" });
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .orderBy(asc(idempotencyKeys.key));
    expect(left.map((row) => row.key)).toEqual(["fresh", "new"]);
  });

  it("deletes rate-limit windows that started more than 62 days ago", async () => {
    const counter = (name: string, windowStart: Date) => ({
      brandspaceId: "bsp_1",
      counter: name,
      windowStart,
      used: 3,
    });
    await db
      .insert(rateCounters)
      .values([
        counter("old", ago(63 * DAY_MS)),
        counter("last-month", ago(61 * DAY_MS)),
        counter("now", new Date()),
      ]);

    await handlers["cleanup.rate_counters"]({}, context);
    const left = await db.select({ counter: rateCounters.counter }).from(rateCounters);
    expect(left.map((row) => row.counter).sort()).toEqual(["last-month", "now"]);
  });

  it("deletes succeeded and failed jobs that finished more than 7 days ago, and nothing active", async () => {
    const job = (
      name: string,
      status: "queued" | "running" | "succeeded" | "failed",
      finishedAt: Date | null,
    ) => ({
      type: "test.kept",
      payload: { name },
      status,
      finishedAt,
      createdAt: ago(30 * DAY_MS),
      runAt: ago(30 * DAY_MS),
    });
    await db
      .insert(jobs)
      .values([
        job("old-success", "succeeded", ago(8 * DAY_MS)),
        job("old-failure", "failed", ago(8 * DAY_MS)),
        job("recent-success", "succeeded", ago(6 * DAY_MS)),
        job("recent-failure", "failed", ago(DAY_MS)),
        job("old-queued", "queued", null),
        job("old-running", "running", null),
      ]);

    await handlers["cleanup.jobs"]({}, context);
    const left = await db.select({ payload: jobs.payload }).from(jobs);
    expect(left.map((row) => row.payload.name).sort()).toEqual([
      "old-queued",
      "old-running",
      "recent-failure",
      "recent-success",
    ]);
  });

  it("deletes events older than 30 days", async () => {
    const event = (id: string, occurredAt: Date) => ({
      id,
      brandspaceId: "bsp_1",
      type: "file.created",
      occurredAt,
      actorType: "system",
      data: {},
    });
    await db
      .insert(events)
      .values([
        event("evt_old", ago(31 * DAY_MS)),
        event("evt_boundary", ago(29 * DAY_MS)),
        event("evt_new", new Date()),
      ]);

    await handlers["cleanup.events"]({}, context);
    const left = await db.select({ id: events.id }).from(events).orderBy(asc(events.id));
    expect(left.map((row) => row.id)).toEqual(["evt_boundary", "evt_new"]);
  });

  it("deletes zip downloads whose URL has expired, and keeps the live ones", async () => {
    await db.delete(zipDownloads);
    await db.insert(brandspaces).values({ id: "bsp_zips", name: "Zips", region: "us" }).onConflictDoNothing();
    const zip = (id: string, expiresAt: Date) => ({
      id,
      brandspaceId: "bsp_zips",
      name: `${id}.zip`,
      entries: { files: [{ path: "", name: "a.png", size: 1, blobSha256: "0".repeat(64) }], folders: [] },
      fileCount: 1,
      size: 1,
      expiresAt,
    });
    await db
      .insert(zipDownloads)
      .values([
        zip("zdl_old", ago(HOUR_MS)),
        zip("zdl_just_expired", ago(1000)),
        zip("zdl_live", ago(-60_000)),
      ]);

    expect(await handlers["cleanup.zip_downloads"]({}, context)).toEqual({ status: "success" });
    const left = await db.select({ id: zipDownloads.id }).from(zipDownloads);
    expect(left.map((row) => row.id)).toEqual(["zdl_live"]);
  });

  it("run on their schedules once the workers start, on the database as background work", async () => {
    // Workers must take the database as background work (Database.backgroundDb), never the requests' own.
    const requestsOnly = new Proxy(kit.deps.db, {
      get: () => {
        throw new Error("a worker used the requests' database");
      },
    });
    const workers = await startWorkers({ ...kit.deps, db: requestsOnly });
    try {
      const registered = await db.select({ name: schedules.name }).from(schedules);
      expect(registered.map((row) => row.name).sort()).toEqual(JOB_SCHEDULES.map((s) => s.name).sort());
      // Every schedule's job has run and succeeded; none failed. Some run again meanwhile (webhooks.dispatch queues
      // its next pass), so the queue may hold more than one job per schedule by then.
      await waitFor(async () => {
        const rows = await db.select().from(jobs);
        expect(rows.filter((row) => row.status === "failed")).toEqual([]);
        const succeeded = new Set(rows.filter((row) => row.status === "succeeded").map((row) => row.type));
        return JOB_SCHEDULES.every((schedule) => succeeded.has(schedule.job.type));
      });
    } finally {
      await workers.stop();
    }
  });
});
