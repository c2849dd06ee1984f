import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3TestServer } from "../blobs/s3-test-server.ts";
import { FLUSH_INTERVAL_MS } from "../platform/rate-counter-book.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startRoundRobinProxy } from "../testing/round-robin-proxy.ts";
import { counterChange } from "../testing/usage-counter.ts";
import { type Receiver, startReceiver, waitFor } from "../webhooks/webhooks-test-kit.ts";
import {
  createProcessDatabase,
  freePort,
  killSpawned,
  type SpawnedProcess,
  spawnScript,
} from "./service-process.testing.ts";

/**
 * Scale-out on one PostgreSQL database and one S3 bucket: two `api` processes behind a round-robin balancer and
 * two `worker` processes. Rate limits, idempotency, job claiming, webhook delivery and schedules must behave as
 * with one process. PostgreSQL only (PGlite is one process by design).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const READY = /Press Ctrl\+C to stop\./;
const SUSTAINED = 400;

let scratch: Awaited<ReturnType<typeof createProcessDatabase>>;
let s3: S3TestServer;
let receiver: Receiver;
let db: pg.Pool;
const processes: SpawnedProcess[] = [];
const dataDirs: string[] = [];
let regional: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let central: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let api: ApiCall;
let centralApi: ApiCall;

async function startProcess(role: "api" | "worker", env: Record<string, string>, ports = [0, 0]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bss-"));
  dataDirs.push(dataDir);
  const spawned = spawnScript("src/service/main.ts", [], {
    ...env,
    BRANDSPACE_PROCESS: role,
    BRANDSPACE_DATA_DIR: dataDir,
    CENTRAL_PORT: String(ports[0]),
    REGIONAL_PORT: String(ports[1]),
  });
  processes.push(spawned);
  return spawned;
}

describe.skipIf(!serverUrl)("two API and two worker processes on PostgreSQL and S3", () => {
  beforeAll(async () => {
    scratch = await createProcessDatabase(serverUrl!);
    db = new pg.Pool({ connectionString: scratch.url, max: 2 });
    s3 = await startS3TestServer();
    const bucket = s3.configFor("scale-out");
    const admin = new S3Client({ ...bucket, requestChecksumCalculation: "WHEN_REQUIRED" });
    await admin.send(new CreateBucketCommand({ Bucket: bucket.bucket }));
    // s3rver prunes a directory when its last object goes, racing a concurrent write into it (ENOENT on its
    // temporary file). A kept object in each prefix where the store writes and deletes keeps them in place.
    for (const Key of ["tmp/.keep", "staging/.keep"])
      await admin.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body: "" }));
    admin.destroy();
    receiver = await startReceiver();
    // The processes' ports are chosen first: the balancers forward to them, and every process names the balancers
    // as its public URLs (signed links and upload URLs go through them too).
    const a = [await freePort(), await freePort()];
    const b = [await freePort(), await freePort()];
    const local = (port: number) => `http://127.0.0.1:${port}`;
    central = await startRoundRobinProxy([local(a[0]!), local(b[0]!)]);
    regional = await startRoundRobinProxy([local(a[1]!), local(b[1]!)]);
    const env = {
      DATABASE_URL: scratch.url,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DEMO_CONTENT: "0",
      BRANDSPACE_SECRET: randomBytes(32).toString("hex"),
      CENTRAL_URL: central.url,
      REGIONAL_URLS: `us=${regional.url}`,
      S3_BUCKET: bucket.bucket,
      S3_ENDPOINT: bucket.endpoint!,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
      WEBHOOK_ALLOW_LOOPBACK: "1",
      WEBHOOK_RETRY_SCHEDULE: "100ms,100ms,100ms,100ms,100ms",
      JOB_POLL_MS: "100",
      RATE_LIMITS: `sustained=${SUSTAINED}/1m,search=1000/1m,uploads=1000/1h,downloads=1000/1h,month=1000000/1mo`,
    };
    // The first API process seeds the empty database and prints the owner key; the others find it seeded.
    const first = await startProcess("api", env, a);
    const ownerKey = (await first.waitForStdout(/^ {4}(bsk_\S+)$/m, 60_000))[1]!;
    await first.waitForStdout(READY, 60_000);
    const others = [
      await startProcess("api", env, b),
      await startProcess("worker", env),
      await startProcess("worker", env),
    ];
    await Promise.all(others.map((p) => p.waitForStdout(READY, 60_000)));
    api = apiClient(regional.url, ownerKey);
    centralApi = apiClient(central.url, ownerKey);
  }, 120_000);

  afterAll(async () => {
    // Stopped before the S3 server goes: a worker mid-write would find its directory gone.
    for (const spawned of processes) spawned.child.kill("SIGKILL");
    await Promise.all(processes.map((spawned) => spawned.exited));
    killSpawned();
    await regional?.close();
    await central?.close();
    await receiver?.close();
    await db?.end();
    await s3?.close();
    await scratch?.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it("share rate-limit counters: every request counts once, whichever process answers", async () => {
    const { change, before, after } = await counterChange(centralApi, "sustained", async () => {
      for (let i = 0; i < 20; i++) expect((await api("GET", "/v1/files?limit=1")).status).toBe(200);
      // Each process writes its counts within a flush interval; the usage answer then includes them all.
      await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_INTERVAL_MS));
    });
    expect(change).toBe(21);
    expect(Number(after.headers.get("ratelimit-remaining"))).toBe(SUSTAINED - before - 21);
    expect(regional.served[0]).toBeGreaterThan(5);
    expect(regional.served[1]).toBeGreaterThan(5);
    expect(central.served[0]).toBeGreaterThan(0);
    expect(central.served[1]).toBeGreaterThan(0);
  });

  it("share idempotency: the same key sent to both processes at once creates one library", async () => {
    const name = `Once ${Date.now()}`;
    const send = () =>
      api("POST", "/v1/libraries", { body: { name }, headers: { "idempotency-key": `scale-${name}` } });
    const answers = await Promise.all(Array.from({ length: 8 }, send));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    const rows = await db.query("select count(*)::int as n from libraries where name = $1", [name]);
    expect(rows.rows[0].n).toBe(1);
  });

  it("claim each job once: every upload is processed exactly once by one of the two workers", async () => {
    const hook = await api("POST", "/v1/webhooks", {
      body: { url: receiver.url, events: ["file.created", "file.processed"] },
    });
    expect(hook.status).toBe(201);
    const library = (await api("POST", "/v1/libraries", { body: { name: "Scaled" } })).body.id;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const png = await solidPng(64 + i, 48, { r: 30 * i, g: 90, b: 160 });
      ids.push((await uploadBytes(api, png, { name: `s${i}.png`, library_id: library })).id);
    }
    for (const id of ids) expect((await waitUntilProcessed(api, id)).status).toBe("ready");
    // A file is ready once its processing commits; its job is marked succeeded just after, in a statement of its own.
    const jobs = await waitFor(
      async () => {
        const found = await db.query(
          "select attempts, status, locked_by from jobs where type = 'media.process_version' and status <> 'queued'",
        );
        return found.rows.some((job) => job.status === "running") ? null : found.rows;
      },
      15_000,
      "every processing job finished",
    );
    expect(jobs.length).toBeGreaterThanOrEqual(8);
    expect(jobs).toEqual(jobs.map(() => expect.objectContaining({ attempts: 1, status: "succeeded" })));

    // Each event delivered, to the one endpoint, by whichever worker: distinct event ids, none twice.
    const events = () => receiver.received.map((r) => JSON.parse(r.body.toString()));
    await waitFor(
      () => ids.every((id) => events().some((e) => e.type === "file.processed" && e.data.id === id)),
      30_000,
      "every file.processed delivered",
    );
    const processed = events().filter((e) => e.type === "file.processed");
    expect(new Set(processed.map((e) => e.id)).size).toBe(processed.length);
    expect(processed).toHaveLength(ids.length);
    const content = await fetch((await api("GET", `/v1/files/${ids[0]}/download`)).body.url);
    expect(content.status).toBe(200);
  });

  it("hold each webhook endpoint to its bound across both workers, each event sent once", async () => {
    let inFlight = 0;
    let most = 0;
    const slow = await startReceiver((_req, _i, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.end("ok");
      }, 40);
    });
    try {
      const hook = await api("POST", "/v1/webhooks", {
        body: { url: slow.url, events: ["library.created"] },
      });
      expect(hook.status).toBe(201);
      const [{ last }] = (await db.query("select coalesce(max(id), 0)::int as last from jobs")).rows;
      const runners = async () =>
        (
          await db.query(
            "select count(distinct locked_by)::int as n from jobs where type = 'webhooks.dispatch' and id > $1",
            [last],
          )
        ).rows[0].n as number;
      // A pass of the dispatcher queued now and then, for whichever worker polls first (at uneven intervals, out of
      // step with both workers' polling): both run their dispatch loop at once.
      let passes: NodeJS.Timeout | undefined;
      const queuePass = () => {
        db.query(
          "insert into jobs (type, payload, status) values ('webhooks.dispatch', '{}', 'queued')",
        ).catch(() => {});
        passes = setTimeout(queuePass, 20 + Math.random() * 100);
      };
      queuePass();
      const created: string[] = [];
      try {
        // At least 8 rounds of 10 events, and more until both workers have run a pass: which one polls first is
        // chance, and on a busy machine one of them can take every pass of a short run.
        for (let round = 0; round < 8 || ((await runners()) < 2 && round < 40); round++) {
          const answers = await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              api("POST", "/v1/libraries", { body: { name: `Bound ${round}-${i}` } }),
            ),
          );
          created.push(...answers.map((answer) => answer.body.id as string));
        }
        const delivered = () => slow.received.map((r) => JSON.parse(r.body.toString()).data.id as string);
        await waitFor(() => created.every((id) => delivered().includes(id)), 30_000, "every library.created");
        expect(delivered()).toHaveLength(created.length);
      } finally {
        clearTimeout(passes);
      }
      expect(await runners()).toBe(2);
      expect(most).toBeLessThanOrEqual(4);
      expect(most).toBeGreaterThanOrEqual(2);
      await api("DELETE", `/v1/webhooks/${hook.body.id}`);
    } finally {
      await slow.close();
    }
  });

  it("fire each schedule once per interval across both workers", async () => {
    const count = async () =>
      (await db.query("select count(*)::int as n from jobs where type = 'webhooks.dispatch'")).rows[0]
        .n as number;
    const start = await count();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    // Once a second: two workers firing independently would enqueue about twice as many.
    expect((await count()) - start).toBeLessThanOrEqual(6);
  });
});
