import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { startS3TestServer } from "../blobs/s3-test-server.ts";
import { createLogger, createServiceDeps } from "../bootstrap.ts";
import { loadConfig } from "../env.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { freePort, type SpawnedProcess, spawnScript } from "../server/service-process.testing.ts";
import { startRoundRobinProxy } from "./round-robin-proxy.ts";
import { openTestDatabase } from "./test-database.ts";
import type { TestService, TestServiceOptions } from "./test-service.ts";
import { keyMaker } from "./test-service-keys.ts";

const READY = /Press Ctrl\+C to stop\./;
const BUCKET = "scale-out";

/**
 * `startTestService` under TEST_SCALE_OUT=1: the same seeded database, served by two `api` processes behind
 * round-robin balancers (one per plane) and, when the test asks for workers, two `worker` processes, all on
 * PostgreSQL and an S3 store (s3rver). Every request of an API test then goes to either process in turn, so the
 * suite proves that nothing depends on one process's memory. The test's own `deps` reach the same database and
 * bucket, for the assertions that read them.
 */
export async function startScaleOutTestService(options: TestServiceOptions): Promise<TestService> {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error("TEST_SCALE_OUT=1 needs TEST_DATABASE_URL (PostgreSQL)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-scale-"));
  const database = await openTestDatabase();
  const seed = await database.db.transaction((tx) => seedDemo(tx as never));
  const s3 = await startS3TestServer();
  const bucket = s3.configFor(BUCKET);
  await createBucket(bucket);

  const processes: SpawnedProcess[] = [];
  const proxies: Awaited<ReturnType<typeof startRoundRobinProxy>>[] = [];
  // The balancers read their upstream lists at each request: an API process's URLs are filled in (or replaced)
  // once it has bound its ports.
  const balance = async (upstreams: string[]) => {
    const proxy = await startRoundRobinProxy(upstreams);
    proxies.push(proxy);
    return proxy.url;
  };
  const apiCount = options.oneApiProcess ? 1 : 2;
  const centralUpstreams = Array.from({ length: apiCount }, () => "");
  const regionalUpstreams = Array.from({ length: apiCount }, () => "");
  const centralUrl = await balance(centralUpstreams);
  const regionalUrl = await balance(regionalUpstreams);
  const regionalUrls: Record<string, string> = { us: regionalUrl };

  const env: Record<string, string> = {
    BRANDSPACE_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: options.logStream ? "info" : "warn",
    DEMO_CONTENT: "0",
    JOB_POLL_MS: "50",
    BRANDSPACE_SECRET: randomBytes(32).toString("hex"),
    DATABASE_URL: database.url!,
    CENTRAL_URL: centralUrl,
    S3_BUCKET: bucket.bucket,
    S3_ENDPOINT: bucket.endpoint!,
    S3_ACCESS_KEY_ID: bucket.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: "1",
    ...options.env,
  };
  const urlsOf = () =>
    Object.entries(regionalUrls)
      .map(([region, url]) => `${region}=${url}`)
      .join(",");
  const metricsUrls: string[] = [];
  /**
   * Starts a process on ports picked free a moment before it binds them; when another test took one meanwhile,
   * the process exits at once and is started again on other ports (`portsFor` picks them and records them).
   */
  const start = async (
    role: "api" | "worker",
    portsFor: () => Promise<Record<string, string>> = async () => ({}),
  ) => {
    for (let attempt = 1; ; attempt++) {
      const ports = await portsFor();
      const metricsPort = options.metrics ? await freePort() : null;
      const spawned = spawnScript("src/service/main.ts", [], {
        ...env,
        ...(metricsPort ? { METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" } : {}),
        REGIONAL_URLS: urlsOf(),
        BRANDSPACE_PROCESS: role,
        BRANDSPACE_DATA_DIR: await mkdtemp(path.join(dataDir, `${role}-`)),
        ...ports,
      });
      processes.push(spawned);
      if (options.logStream) forwardLogLines(spawned, options.logStream);
      reportErrorLines(spawned, role);
      try {
        await spawned.waitForStdout(READY, 90_000);
        if (metricsPort) metricsUrls.push(`http://127.0.0.1:${metricsPort}`);
        return spawned;
      } catch (error) {
        if (attempt >= 3 || !/already in use/.test(String(error))) throw error;
        processes.splice(processes.indexOf(spawned), 1);
        await spawned.exited;
      }
    }
  };
  const startApi = (index: number) =>
    start("api", async () => {
      const [central, regional] = [await freePort(), await freePort()];
      centralUpstreams[index] = `http://127.0.0.1:${central}`;
      regionalUpstreams[index] = `http://127.0.0.1:${regional}`;
      return { CENTRAL_PORT: String(central), REGIONAL_PORT: String(regional) };
    });
  /** Everything this set-up started: processes, balancers, the database, the store and the data directory. */
  const stopAll = async () => {
    for (const spawned of processes) spawned.child.kill("SIGKILL");
    await Promise.all(processes.map((spawned) => spawned.exited));
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await database.close();
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  const starts = await Promise.allSettled([
    ...centralUpstreams.map((_, index) => startApi(index)),
    ...(options.workers ? [start("worker"), start("worker")] : []),
  ]);
  const failed = starts.find((result) => result.status === "rejected");
  if (failed) {
    // A process that did not start fails the test, and leaves no database or directory behind.
    await stopAll();
    throw failed.reason;
  }

  const config = loadConfig({ ...env, REGIONAL_URLS: urlsOf(), LOG_LEVEL: "silent" });
  const deps = createServiceDeps(config, database, createLogger(config));
  return {
    centralUrl,
    regionalUrl,
    processUrls: { central: centralUpstreams[0]!, regional: regionalUpstreams[0]! },
    seed,
    metricsUrls,
    deps,
    dataDir,
    createKey: keyMaker(deps, seed),
    async startRegionalHost(region) {
      await start("api", async () => {
        const port = await freePort();
        regionalUrls[region] = `http://127.0.0.1:${port}`;
        config.regionalUrls[region] = regionalUrls[region]!;
        return { REGION: region, REGIONAL_PORT: String(port), CENTRAL_PORT: String(await freePort()) };
      });
      return regionalUrls[region]!;
    },
    async close() {
      // A process that died during the test is a failure of the test, whatever its requests answered.
      const died = processes.filter((spawned) => spawned.child.exitCode !== null || spawned.child.signalCode);
      await deps.blobs.close();
      await deps.rateCounters.close();
      await stopAll();
      if (died.length > 0) {
        const { stdout, stderr, exitCode } = died[0]!.output();
        throw new Error(
          `a service process exited (${exitCode}) during the test:\n${stderr}\n${stdout.slice(-4000)}`,
        );
      }
    },
  };
}

async function createBucket(bucket: ReturnType<Awaited<ReturnType<typeof startS3TestServer>>["configFor"]>) {
  const admin = new S3Client({ ...bucket, requestChecksumCalculation: "WHEN_REQUIRED" });
  await admin.send(new CreateBucketCommand({ Bucket: bucket.bucket }));
  // s3rver prunes a directory when its last object goes, racing a concurrent write into it (ENOENT on its
  // temporary file). A kept object in each prefix where the store writes and deletes keeps them in place.
  for (const Key of ["tmp/.keep", "staging/.keep"])
    await admin.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body: "" }));
  admin.destroy();
}

/** Calls `handle` with each whole line a process writes on stdout (its log: one JSON object a line). */
function onStdoutLines(spawned: SpawnedProcess, handle: (line: string) => void) {
  let pending = "";
  spawned.child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) handle(line);
  });
}

/** The processes log JSON lines on stdout; a test that reads logs gets them all, whichever process wrote them. */
function forwardLogLines(spawned: SpawnedProcess, stream: { write(line: string): void }) {
  onStdoutLines(spawned, (line) => {
    if (line.startsWith("{")) stream.write(`${line}\n`);
  });
}

/**
 * A process's errors (a 500's `request failed` with its cause) go to the test's stderr as they come: a failure
 * seen only as a status in the test's output would otherwise lose its cause with the process.
 */
function reportErrorLines(spawned: SpawnedProcess, role: string) {
  onStdoutLines(spawned, (line) => {
    if (/^\{"level":(50|60),/.test(line)) process.stderr.write(`[${role} process] ${line.slice(0, 4000)}\n`);
  });
}
