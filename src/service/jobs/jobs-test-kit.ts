import { createServiceDeps } from "../bootstrap.ts";
import { openDatabase } from "../db/client.ts";
import { jobs, schedules } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { loadConfig } from "../env.ts";
import { createSignal } from "../platform/signal.ts";
import { openTestDatabase } from "../testing/test-database.ts";

export interface JobsTestKit {
  deps: ServiceDeps;
  /**
   * A second process on the same database: its own signal and, on PostgreSQL, its own connection pool
   * (PGlite has a single connection, shared).
   */
  otherProcess: ServiceDeps;
  /** Empties the queue and the schedules, so that each test starts from nothing. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function openJobsTestKit(): Promise<JobsTestKit> {
  const database = await openTestDatabase();
  const second = database.url ? await openDatabase({ url: database.url, poolSize: 5 }) : null;
  const config = loadConfig({
    BRANDSPACE_SECRET: "jobs-test-secret-0123456789abcdef0123456789",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    JOB_POLL_MS: "10",
  });
  const deps = createServiceDeps(config, database);
  const otherProcess = { ...deps, db: second?.db ?? deps.db, signal: createSignal() };
  return {
    deps,
    otherProcess,
    async reset() {
      await deps.db.delete(jobs);
      await deps.db.delete(schedules);
    },
    async close() {
      await second?.close();
      await database.close();
    },
  };
}

/** Polls `check` until it holds; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A promise a test opens when it wants: holds a handler mid-run. */
export function createGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
