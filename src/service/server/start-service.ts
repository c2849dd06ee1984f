import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { createLogger, createServiceDeps } from "../bootstrap.ts";
import { serveAdminSocket } from "../cli/admin-socket.ts";
import { type Db, openDatabase } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import type { Config } from "../env.ts";
import { startWorkers } from "../jobs/workers.ts";
import { configureMediaTools, describeMediaTools, type MediaToolsInfo } from "../media/ffmpeg-tools.ts";
import { startMetricsListener } from "../metrics/metrics-listener.ts";
import { AUTH_CHANGED_CHANNEL, invalidateAuthCache } from "../platform/auth-cache.ts";
import { releaseOrphanedClaims } from "../platform/idempotency.ts";
import { removeAbandonedWorkDirs } from "../platform/work-dirs.ts";
import { seedDemoContent } from "../seed/demo-content.ts";
import { releaseOrphanedSenders } from "../webhooks/delivery-queue.repository.ts";
import { dataDirPaths } from "./data-dir.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { seedOnFirstStart } from "./first-start.ts";
import { startListeners } from "./listeners.ts";
import { createTeardown, type Teardown } from "./teardown.ts";

export interface RunningService {
  /** `http://host:port` of `GET /metrics`, when METRICS_PORT is set. */
  metricsUrl: string | null;
  /** Null when this process runs no listeners (BRANDSPACE_PROCESS=worker). */
  urls: { central: string; regional: string } | null;
  /** The seeded owner key on the first start; null on every later start. */
  ownerKey: string | null;
  ownerKeyFile: string;
  /** Null on PostgreSQL: the admin command line opens the database itself. */
  adminSocket: string | null;
  deps: ServiceDeps;
  /** The ffmpeg and ffprobe this process runs (FFMPEG_PATH, PATH or the bundled ones) and their versions. */
  media: MediaToolsInfo;
  /** Stops in reverse order: listeners, workers, admin socket, database, data-directory lock. */
  stop(): Promise<void>;
}

/**
 * Starts the service of one configuration: lock (PGlite), database, migrations, first-start seed, admin
 * socket, workers and listeners, as BRANDSPACE_PROCESS asks. A failure half-way undoes what had started.
 */
export async function startService(config: Config, logger = createLogger(config)): Promise<RunningService> {
  const teardown = createTeardown(logger);
  try {
    return await start(config, logger, teardown);
  } catch (error) {
    await teardown.run();
    throw error;
  }
}

async function start(config: Config, logger: Logger, teardown: Teardown): Promise<RunningService> {
  const paths = dataDirPaths(config.dataDir);
  const embedded = !config.databaseUrl;
  configureMediaTools(config);
  const media = describeMediaTools();
  mkdirSync(config.dataDir, { recursive: true });
  if (embedded) {
    const lock = acquireDataDirLock(config.dataDir);
    teardown.add("data directory lock", () => lock.release());
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { pgliteDir: paths.pglite },
  );
  teardown.add("database", () => database.close());
  await database.migrate();
  // PGlite has no autovacuum: start with fresh planner statistics (the db.analyze job keeps them fresh).
  if (embedded) await database.db.execute(sql`analyze`);
  if (embedded) await takeOverOrphans(database.db, logger);
  const abandonedWorkDirs = await removeAbandonedWorkDirs();
  if (abandonedWorkDirs > 0)
    logger.info({ abandonedWorkDirs }, "removed the work directories of ended processes");
  const seeded = await seedOnFirstStart(database, config, paths.ownerKey);
  const deps = createServiceDeps(config, database, logger);
  if (seeded && config.demoContent) {
    // Pictures are a nicety of the first start: without them the demo still works, so a failure only warns.
    await seedDemoContent(deps, seeded).catch((error: unknown) =>
      logger.warn({ err: error }, "the demo's sample pictures could not be created"),
    );
  }
  // Revocations and member changes made by other processes (or the admin command line) reach this one at once.
  teardown.add("auth notifications", await database.listen(AUTH_CHANGED_CHANNEL, invalidateAuthCache));
  teardown.add("blob store", () => deps.blobs.close());
  teardown.add("rate counters", () => deps.rateCounters.close());
  // PGlite allows one process, so admin commands must come through this one. PostgreSQL needs no socket, and
  // several processes may share its data directory, where removing another's socket would not be safe.
  if (embedded) {
    const context = { ...deps, storage: { database: deps.database, config: deps.config } };
    const socket = await serveAdminSocket(paths.adminSocket, context, logger);
    teardown.add("admin socket", () => socket.close());
  }
  if (config.processRole !== "api") {
    const workers = await startWorkers(deps);
    teardown.add("workers", () => workers.stop());
  }
  let urls: RunningService["urls"] = null;
  if (config.processRole !== "worker") {
    const listeners = await startListeners(deps);
    teardown.add("listeners", () => listeners.close());
    // Runs first on stop: readiness turns 503 for the drain delay before the listeners stop accepting.
    teardown.add("drain", () => drain(deps));
    urls = { central: listeners.centralUrl, regional: listeners.regionalUrl };
  }
  let metricsUrl: string | null = null;
  if (config.metrics) {
    const metrics = await startMetricsListener(deps, config.metrics.host, config.metrics.port);
    teardown.add("metrics listener", () => metrics.close());
    metricsUrl = metrics.url;
  }
  const tools = await media;
  for (const [name, tool] of Object.entries(tools)) {
    if (!tool.version) {
      logger.warn(
        { path: tool.path, source: tool.source },
        `${name} does not run: media processing will fail`,
      );
    }
  }
  return {
    urls,
    metricsUrl,
    media: tools,
    ownerKey: seeded?.ownerKey ?? null,
    ownerKeyFile: paths.ownerKey,
    adminSocket: embedded ? paths.adminSocket : null,
    deps,
    stop: () => teardown.run(),
  };
}

async function drain(deps: ServiceDeps) {
  deps.lifecycle.draining = true;
  if (deps.config.shutdownDrainDelayMs > 0) {
    deps.logger.info({ delayMs: deps.config.shutdownDrainDelayMs }, "draining: readiness answers 503");
    await new Promise((resolve) => setTimeout(resolve, deps.config.shutdownDrainDelayMs));
  }
}

/**
 * Embedded mode: the data-directory lock says no other process has the database, so whatever is in flight was left
 * by one that died. Its idempotency claims and webhook endpoint leases are taken over now instead of when they
 * lapse. Its jobs are not: each interrupted run counts as an attempt (a job that kills its process must not do so
 * forever), so taking them over at once would let a few quick crashes use up a job's attempts; they wait for their
 * leases.
 */
async function takeOverOrphans(db: Db, logger: Logger): Promise<void> {
  const orphans = {
    idempotencyClaims: await releaseOrphanedClaims(db),
    webhookEndpointLeases: await releaseOrphanedSenders(db),
  };
  if (Object.values(orphans).some((count) => count > 0))
    logger.info(orphans, "took over the work a stopped process left in flight");
}
