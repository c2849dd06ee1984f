import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProcessDatabase,
  freePort,
  killSpawned,
  type SpawnedProcess,
  spawnScript,
} from "../server/service-process.testing.ts";
import { apiClient } from "../testing/http-client.ts";
import { type Receiver, startReceiver, waitFor } from "../webhooks/webhooks-test-kit.ts";
import { type SourceServer, sleep, startSourceServer } from "./imports-test-kit.ts";

/**
 * `kill -9` of a real service process while an import is downloading, then a restart: the import's job is taken
 * over once its lease lapses (20 s for long jobs), the download starts again from zero, and the import ends completed with exactly one
 * file and one `import.completed`. Both databases (TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const body = randomBytes(96 * 1024);

let dataDir: string;
let scratch: Awaited<ReturnType<typeof createProcessDatabase>> | null = null;
let env: Record<string, string>;
let service: SpawnedProcess;
let regionalUrl: string;
let ownerKey: string;
let source: SourceServer;
let receiver: Receiver;

const start = async () => {
  service = spawnScript("src/service/main.ts", [], env);
  await service.waitForStdout(/Press Ctrl\+C to stop\./, 60_000);
};

beforeAll(async () => {
  // The first request trickles a few bytes and then hangs, as a download cut by the crash; later ones are whole.
  source = await startSourceServer({
    "/big.bin": async (_req, res) => {
      res.writeHead(200, { "content-length": String(body.length) });
      if (source.requests.length > 1) return void res.end(body);
      for (let i = 0; i < 40 && !res.destroyed; i++) {
        res.write(body.subarray(i * 256, (i + 1) * 256));
        await sleep(100);
      }
    },
  });
  receiver = await startReceiver();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bsi-"));
  const [central, regional] = [await freePort(), await freePort()];
  regionalUrl = `http://127.0.0.1:${regional}`;
  if (serverUrl) scratch = await createProcessDatabase(serverUrl);
  env = {
    BRANDSPACE_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    CENTRAL_PORT: String(central),
    REGIONAL_PORT: String(regional),
    LOG_LEVEL: "warn",
    DEMO_CONTENT: "0",
    JOB_POLL_MS: "50",
    IMPORT_ALLOW_HOSTS: `127.0.0.1:${source.port}`,
    WEBHOOK_ALLOW_LOOPBACK: "1",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  service = spawnScript("src/service/main.ts", [], env);
  ownerKey = (await service.waitForStdout(/^ {4}(bsk_\S+)$/m, 60_000))[1]!;
  await service.waitForStdout(/Press Ctrl\+C to stop\./, 60_000);
}, 90_000);

afterAll(async () => {
  killSpawned();
  await source?.close();
  await receiver?.close();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("an import interrupted by a crash", () => {
  it("downloads again from zero after the restart and completes once", async () => {
    const api = apiClient(regionalUrl, ownerKey);
    const hook = await api("POST", "/v1/webhooks", {
      body: { url: receiver.url, events: ["file.created", "import.completed", "import.failed"] },
    });
    expect(hook.status, hook.text).toBe(201);
    const library = await api("POST", "/v1/libraries", { body: { name: "Crash imports" } });
    const created = await api("POST", "/v1/files/import", {
      body: { url: `${source.url}/big.bin`, library_id: library.body.id },
    });
    expect(created.status, created.text).toBe(202);
    const id = created.body.id as string;
    await waitFor(
      async () => {
        const res = await api("GET", `/v1/imports/${id}`);
        return res.body.status === "downloading" && res.body.bytes_received > 0;
      },
      20_000,
      "the download under way",
    );

    service.child.kill("SIGKILL");
    await service.exited;
    await start();

    const done = await waitFor(
      async () => {
        const res = await api("GET", `/v1/imports/${id}`);
        return ["completed", "failed"].includes(res.body.status) ? res.body : null;
      },
      90_000,
      "the import to end after the restart",
    );
    expect(done).toMatchObject({ status: "completed", bytes_received: body.length, size: body.length });
    expect(source.requests).toEqual(["/big.bin", "/big.bin"]);
    const files = await api("GET", `/v1/files?library_id=${library.body.id}`);
    expect(files.body.data.map((f: { id: string }) => f.id)).toEqual([done.file_id]);
    expect(files.body.data[0]).toMatchObject({ size: body.length, name: "big.bin" });

    const delivered = () => {
      const byId = new Map<string, { type: string; data: { id: string } }>();
      for (const request of receiver.received) {
        const event = JSON.parse(request.body.toString());
        byId.set(event.id, event);
      }
      return [...byId.values()];
    };
    await waitFor(() => delivered().length >= 2, 30_000, "both events delivered");
    await sleep(500);
    expect(delivered().map((e) => [e.type, e.data.id])).toEqual([
      ["file.created", done.file_id],
      ["import.completed", id],
    ]);
  }, 180_000);
});
