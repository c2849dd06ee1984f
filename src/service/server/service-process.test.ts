import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../testing/http-client.ts";
import {
  createProcessDatabase,
  freePort,
  killSpawned,
  runScript,
  type SpawnedProcess,
  spawnScript,
} from "./service-process.testing.ts";

// Real processes end to end: `npm start` and `npm run admin` as an operator runs them, on PGlite by default or
// on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
const serverUrl = process.env.TEST_DATABASE_URL;
const embedded = !serverUrl;
const BANNER_END = /Press Ctrl\+C to stop\./;
const OWNER_KEY = /^ {4}(bsk_\S+)$/m;

let dataDir: string;
let env: Record<string, string>;
let centralUrl: string;
let scratch: Awaited<ReturnType<typeof createProcessDatabase>> | null = null;
let service: SpawnedProcess;
let ownerKey: string;

const startService = async () => {
  const started = spawnScript("src/service/main.ts", [], env);
  await started.waitForStdout(BANNER_END);
  return started;
};
const admin = (...args: string[]) => runScript("src/service/cli/admin.ts", args, env);
const me = (key: string) => apiClient(centralUrl, key)("GET", "/v1/me");
const stop = async (running: SpawnedProcess) => {
  running.child.kill("SIGTERM");
  return running.exited;
};

beforeAll(async () => {
  // Short: a Unix socket path must fit in about 100 bytes.
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bsp-"));
  const [central, regional] = [await freePort(), await freePort()];
  centralUrl = `http://127.0.0.1:${central}`;
  if (serverUrl) scratch = await createProcessDatabase(serverUrl);
  env = {
    BRANDSPACE_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    CENTRAL_PORT: String(central),
    REGIONAL_PORT: String(regional),
    LOG_LEVEL: "warn",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
});

afterAll(async () => {
  killSpawned();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm start and npm run admin", () => {
  it("seeds on the first start and prints a working owner key and the URLs", async () => {
    service = await startService();
    const { stdout } = service.output();
    ownerKey = OWNER_KEY.exec(stdout)![1]!;
    expect(stdout).toContain(`Central API    ${centralUrl}`);
    expect(stdout).toContain(`Regional API   http://127.0.0.1:${env.REGIONAL_PORT}`);
    expect(stdout).toContain("not started by this command");
    expect(stdout).toMatch(/^ {2}ffmpeg {9}\S+.* \((system|bundled): \S*ffmpeg\)$/m);
    expect(stdout).toMatch(/^ {2}ffprobe {8}\S+.* \((system|bundled): \S*ffprobe\)$/m);
    expect(readFileSync(path.join(dataDir, "owner.key"), "utf8").trim()).toBe(ownerKey);
    expect(statSync(path.join(dataDir, "owner.key")).mode & 0o777).toBe(0o600);
    expect((await me(ownerKey)).status).toBe(200);
  });

  it("adds sample pictures to the demo, processed into thumbnails like any upload", async () => {
    const regional = apiClient(`http://127.0.0.1:${env.REGIONAL_PORT}`, ownerKey);
    const libraries = await regional("GET", "/v1/libraries");
    const brandAssets = libraries.body.data.find((l: { name: string }) => l.name === "Brand Assets");
    const folders = await regional("GET", `/v1/folders?library_id=${brandAssets.id}`);
    expect(folders.body.data.map((f: { name: string }) => f.name).sort()).toEqual([
      "Logos",
      "Photography",
      "Social",
    ]);
    let listed: { status: string; kind: string; thumbnail_url: string | null }[] = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      listed = (await regional("GET", `/v1/files?library_id=${brandAssets.id}&recursive=true&limit=100`)).body
        .data;
      if (listed.length === 11 && listed.every((f) => f.status !== "processing")) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(listed).toHaveLength(11);
    expect(listed.every((f) => f.status === "ready" && f.kind === "image" && f.thumbnail_url)).toBe(true);
  });

  it("creates a key while the service runs, printing only the key; revoking it makes it 401", async () => {
    const created = await admin(
      "keys",
      "create",
      "--user",
      "editor@example.com",
      "--scopes",
      "files:read,brandspace:read",
      "--name",
      "ci",
    );
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toMatch(/^bsk_us_[0-9A-Za-z]{40}\n$/);
    const key = created.stdout.trim();
    const context = await me(key);
    expect(context.status).toBe(200);
    expect(context.body.key.scopes).toEqual(["files:read", "brandspace:read"]);

    const listed = await admin("keys", "list");
    expect(listed.stdout).toMatch(
      new RegExp(`${context.body.key.id}\\s+ci\\s+${context.body.key.prefix}\\s+editor@example.com`),
    );
    expect(listed.stdout).not.toContain(key);

    const revoked = await admin("keys", "revoke", context.body.key.id);
    expect(revoked.exitCode).toBe(0);
    expect((await me(key)).status).toBe(401);
  });

  it("adds a member that the API then lists", async () => {
    const added = await admin(
      "members",
      "add",
      "--email",
      "ana@example.com",
      "--name",
      "Ana Lima",
      "--role",
      "editor",
    );
    expect(added).toMatchObject({ exitCode: 0, stdout: "" });
    const members = await apiClient(centralUrl, ownerKey)("GET", "/v1/members");
    expect(members.body.data).toContainEqual(
      expect.objectContaining({
        email: "ana@example.com",
        name: "Ana Lima",
        role: expect.objectContaining({ slug: "editor" }),
      }),
    );
  });

  it("answers usage errors with exit code 2 and a message on stderr", async () => {
    const result = await admin("members", "add", "--email", "bo@example.com", "--role", "overlord");
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain('Unknown role "overlord"');
  });

  it.skipIf(!embedded)("refuses a second start on the same data directory", async () => {
    const second = await runScript("src/service/main.ts", [], env);
    expect(second.exitCode).not.toBe(0);
    expect(second.stderr).toContain(
      `The data directory ${dataDir} is already in use by process ${service.child.pid}`,
    );
  });

  it("stops cleanly on SIGTERM, removing the lock and the socket", async () => {
    const ended = await stop(service);
    expect(ended.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, "brandspace.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "admin.sock"))).toBe(false);
  });

  let offlineKey: string;
  it("runs admin commands directly while the service is stopped", async () => {
    const created = await admin(
      "keys",
      "create",
      "--user",
      "owner@example.com",
      "--scopes",
      "all",
      "--name",
      "offline",
      "--legacy",
    );
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toMatch(/^bsk_[0-9A-Za-z]{40}\n$/);
    offlineKey = created.stdout.trim();
    expect(existsSync(path.join(dataDir, "brandspace.lock"))).toBe(false);
  });

  it("keeps the data on restart: no second seed, no key printed, old keys work", async () => {
    service = await startService();
    const { stdout } = service.output();
    expect(stdout).not.toMatch(OWNER_KEY);
    expect(stdout).toContain(`Owner key      in ${path.join(dataDir, "owner.key")}`);
    expect((await me(ownerKey)).status).toBe(200);
    expect((await me(offlineKey)).status).toBe(200);
    // Without --brandspace, a second brandspace would make this a usage error.
    const listed = await admin("keys", "list");
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.match(/Owner key \(seeded\)/g)).toHaveLength(1);
  });

  it.skipIf(!embedded)(
    "restarts at once after a SIGKILL: the kernel dropped the dead process's lock",
    async () => {
      service.child.kill("SIGKILL");
      // No wait for the exit: the killed process may not even be reaped when the next one takes the directory.
      const killed = service.exited;
      service = await startService();
      expect((await killed).exitCode).toBeNull();
      expect(readFileSync(path.join(dataDir, "brandspace.lock"), "utf8").trim()).toBe(
        String(service.child.pid),
      );
      expect((await me(ownerKey)).status).toBe(200);
      expect((await admin("keys", "list")).exitCode).toBe(0);
    },
  );

  it.skipIf(!embedded)(
    "recovers from a crash whose lock file names a live process, as a reused pid",
    async () => {
      service.child.kill("SIGKILL");
      await service.exited;
      expect(existsSync(path.join(dataDir, "brandspace.lock"))).toBe(true);
      expect(existsSync(path.join(dataDir, "admin.sock"))).toBe(true);
      // In a restarted container the new service often gets the old pid; here the live test runner stands in.
      writeFileSync(path.join(dataDir, "brandspace.lock"), `${process.pid}\n`);
      service = await startService();
      expect((await me(ownerKey)).status).toBe(200);
      expect((await admin("keys", "list")).exitCode).toBe(0);
      expect((await stop(service)).exitCode).toBe(0);
    },
  );

  it("exits 1 naming the variable on a bad configuration", async () => {
    const result = await runScript("src/service/main.ts", [], { ...env, CENTRAL_PORT: "abc" });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("CENTRAL_PORT");
  });
});
