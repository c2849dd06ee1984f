import os from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Test files at once: vitest's default (one less than the CPUs) is one file at a time on two cores, where most files
 * spend much of their time waiting (on the database's thread, on sockets, on timers). Two at once took the unit
 * tests on PGlite from 575 to 351 s here (two cores); three took 379 s.
 */
const UNIT_WORKERS = Math.max(2, os.availableParallelism() - 1);

const E2E_PROJECT: TestProjectInlineConfiguration = {
  // Headless Chromium against the built SPA, a real BFF and the real service (e2e/global-setup.ts).
  // One file at a time, after the unit tests, so that a browser, the service and the unit tests do not crowd two
  // CPUs.
  extends: true,
  test: {
    name: "e2e",
    sequence: { groupOrder: 1 },
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    setupFiles: ["e2e/setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A screen renders after its requests: polls get the time a page needs, not the default second.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
};

export default defineConfig({
  test: {
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
          pool: "forks",
          maxWorkers: UNIT_WORKERS,
          // Each file still opens its own database and service; only the modules are loaded once per worker
          // instead of once per file. On PGlite the files spent 140 s importing with isolation and 24 s without
          // (on two workers, about a minute of the run). A test file must therefore leave no module state behind
          // that another file could see (configuration chosen at start, timers, listeners).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // TEST_E2E=0 leaves the browser tests out (CI runs them against one database only).
      ...(process.env.TEST_E2E === "0" ? [] : [E2E_PROJECT]),
    ],
  },
});
