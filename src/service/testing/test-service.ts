import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Scope } from "../../contract/scopes.ts";
import { buildApp } from "../app.ts";
import { createLogger, createServiceDeps } from "../bootstrap.ts";
import type { ServiceDeps } from "../deps.ts";
import { loadConfig } from "../env.ts";
import { startWorkers } from "../jobs/workers.ts";
import { startMetricsListener } from "../metrics/metrics-listener.ts";
import { type SeededBrandspace, seedDemo } from "../seed/demo-seed.ts";
import { startScaleOutTestService } from "./scale-out-service.ts";
import { openTestDatabase } from "./test-database.ts";
import { type KeyOptions, keyMaker } from "./test-service-keys.ts";

export interface TestService {
  centralUrl: string;
  regionalUrl: string;
  /**
   * One service process's own listeners, without the balancer that scale-out runs put in front: for tests of the
   * process's HTTP parser and timeouts. The same as centralUrl and regionalUrl otherwise.
   */
  processUrls: { central: string; regional: string };
  seed: SeededBrandspace;
  /** `GET /metrics` of each process (with the `metrics` option), as Prometheus would scrape them. */
  metricsUrls: string[];
  deps: ServiceDeps;
  dataDir: string;
  /** A new key for a demo user (owner by default) with the given scopes. */
  createKey(scopes: Scope[], options?: KeyOptions): Promise<string>;
  /** Starts another regional listener, e.g. for a second region, on the same database. */
  startRegionalHost(region: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestServiceOptions {
  /** Extra environment for loadConfig (e.g. RATE_LIMITS). */
  env?: Record<string, string>;
  /** Receives the service's log lines (JSON), e.g. to assert what is and is not logged. */
  logStream?: { write(line: string): void };
  /**
   * Runs the job workers (processing, cleanup) in the test process: `true` polls quickly (every 50 ms, two jobs
   * at once); `"as configured"` as a started service does (JOB_POLL_MS, four at once), for the benches.
   */
  workers?: boolean | "as configured";
  /** Serves `GET /metrics` of the service's processes on listeners of their own (metricsUrls). */
  metrics?: boolean;
  /**
   * Under TEST_SCALE_OUT, one API process instead of two (the workers stay two): for tests of what one process
   * guarantees, such as exact rate counting (docs/api.md, "Rate limits").
   */
  oneApiProcess?: boolean;
}

/**
 * Starts the real service (both planes, real HTTP on loopback ports) on a fresh database, seeded with the demo.
 * Under TEST_SCALE_OUT=1 the same service runs as several processes instead (scale-out-service.ts).
 */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  if (process.env.TEST_SCALE_OUT === "1") return startScaleOutTestService(options);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-test-"));
  const config = loadConfig({
    BRANDSPACE_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    CENTRAL_PORT: "0",
    REGIONAL_PORT: "0",
    LOG_LEVEL: options.logStream ? "info" : (process.env.TEST_LOG_LEVEL ?? "silent"),
    ...options.env,
  });
  const database = await openTestDatabase();
  const deps = createServiceDeps(config, database, createLogger(config, options.logStream));
  const seed = await database.db.transaction((tx) => seedDemo(tx as never));
  const apps: FastifyInstance[] = [];
  const listen = async (plane: "central" | "regional", region: string) => {
    const app = await buildApp(deps, { plane, region });
    apps.push(app);
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no TCP address");
    return `http://127.0.0.1:${address.port}`;
  };
  const workers = options.workers
    ? await startWorkers(deps, options.workers === "as configured" ? {} : { pollMs: 50, concurrency: 2 })
    : null;
  const metrics = options.metrics ? await startMetricsListener(deps, "127.0.0.1", 0) : null;
  const centralUrl = await listen("central", config.region);
  const regionalUrl = await listen("regional", config.region);
  // The public URLs are only known once the loopback ports are bound.
  config.centralUrl = centralUrl;
  config.regionalUrls[config.region] = regionalUrl;

  return {
    centralUrl,
    regionalUrl,
    processUrls: { central: centralUrl, regional: regionalUrl },
    metricsUrls: metrics ? [metrics.url] : [],
    seed,
    deps,
    dataDir,
    createKey: keyMaker(deps, seed),
    async startRegionalHost(region) {
      const url = await listen("regional", region);
      config.regionalUrls[region] = url;
      return url;
    },
    async close() {
      // Clients in tests may leave responses unread; their sockets must not hold the close up.
      await Promise.all(
        apps.map((app) => {
          const closing = app.close();
          app.server.closeAllConnections();
          return closing;
        }),
      );
      await workers?.stop();
      await metrics?.close();
      await deps.blobs.close();
      await deps.rateCounters.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
