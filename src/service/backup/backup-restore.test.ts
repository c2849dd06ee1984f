import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  killSpawned,
  runScript,
  type SpawnedProcess,
  spawnScript,
} from "../server/service-process.testing.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { apiClient } from "../testing/http-client.ts";

/**
 * The embedded mode's backup and restore, end to end with real processes: a backup taken by the running service
 * (through its admin socket) restores into a new data directory where a new service serves the same files, bytes,
 * key and cursors, without what changed after the backup. PGlite data directories of their own on every run.
 */
const READY = /Press Ctrl\+C to stop\./;
let scratch: string;
let source: string;
let service: SpawnedProcess | null = null;
let ownerKey: string;
let regionalUrl: string;

const envFor = async (dataDir: string) => {
  const regional = await freePort();
  regionalUrl = `http://127.0.0.1:${regional}`;
  return {
    BRANDSPACE_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    CENTRAL_PORT: String(await freePort()),
    REGIONAL_PORT: String(regional),
    LOG_LEVEL: "warn",
    DEMO_CONTENT: "0",
    JOB_POLL_MS: "50",
  };
};

async function startService(dataDir: string, firstStart = false) {
  service = spawnScript("src/service/main.ts", [], await envFor(dataDir));
  if (firstStart) ownerKey = (await service.waitForStdout(/^ {4}(bsk_\S+)$/m, 60_000))[1]!;
  await service.waitForStdout(READY, 60_000);
}

async function stopService() {
  service?.child.kill("SIGTERM");
  await service?.exited;
  service = null;
}

const admin = (dataDir: string, ...args: string[]) =>
  runScript("src/admin.ts", args, { BRANDSPACE_DATA_DIR: dataDir, LOG_LEVEL: "warn" });

let fileId: string;
let original: Buffer;
let firstPage: { ids: string[]; cursor: string };
let backupFile: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "bs-backup-"));
  source = path.join(scratch, "source");
  await startService(source, true);
  const api = apiClient(regionalUrl, ownerKey);
  const library = (await api("POST", "/v1/libraries", { body: { name: "Kept" } })).body.id;
  for (const name of ["One", "Two", "Three"]) await api("POST", "/v1/libraries", { body: { name } });
  original = await solidPng(120, 80, { r: 10, g: 120, b: 200 });
  fileId = (await uploadBytes(api, original, { name: "logo.png", library_id: library })).id;
  expect((await waitUntilProcessed(api, fileId)).status).toBe("ready");
  const page = await api("GET", "/v1/libraries?limit=2");
  firstPage = { ids: page.body.data.map((l: { id: string }) => l.id), cursor: page.body.next_cursor };

  const made = await admin(source, "backup", "--to", scratch);
  expect(made.stderr).toContain("Backed up");
  expect(made.exitCode).toBe(0);
  backupFile = made.stdout.trim();
  expect(path.dirname(backupFile)).toBe(scratch);
  expect(path.basename(backupFile)).toMatch(/^brandspace-backup-.+\.tar$/);

  // After the backup: must not come back with it.
  await api("POST", "/v1/libraries", { body: { name: "After the backup" } });
}, 180_000);

afterAll(async () => {
  killSpawned();
  await rm(scratch, { recursive: true, force: true });
});

describe("backup and restore of the embedded data directory", { timeout: 120_000 }, () => {
  it("leaves no partial file or staging directory beside the backup", async () => {
    const names = await readdir(scratch);
    expect(names.filter((n) => n.includes(".partial") || n.includes(".stage-"))).toEqual([]);
  });

  it("refuses to restore while the service runs, and to write over an existing backup", async () => {
    const running = await admin(source, "restore", "--from", backupFile, "--replace");
    expect(running.exitCode).toBe(1);
    expect(running.stderr).toContain("stop it first");
    const again = await admin(source, "backup", "--to", backupFile);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain("exists already");
  });

  it("restores into a new data directory: same files, bytes, key and cursors; later changes absent", async () => {
    await stopService();
    const target = path.join(scratch, "restored");
    const restored = await admin(target, "restore", "--from", backupFile);
    expect(restored.stderr).toContain("Restored the backup");
    expect(restored.exitCode).toBe(0);
    await startService(target);
    const api = apiClient(regionalUrl, ownerKey);

    const file = await api("GET", `/v1/files/${fileId}`);
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ name: "logo.png", status: "ready" });
    const link = await api("GET", `/v1/files/${fileId}/download`);
    expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer())).toEqual(original);
    expect((await fetch(file.body.thumbnail_url)).status).toBe(200);

    const names = (await api("GET", "/v1/libraries?limit=100")).body.data.map(
      (l: { name: string }) => l.name,
    );
    expect(names).toContain("Kept");
    expect(names).not.toContain("After the backup");
    // secret.key came back: a cursor issued before the backup still reads the next page.
    const next = await api("GET", `/v1/libraries?limit=2&cursor=${encodeURIComponent(firstPage.cursor)}`);
    expect(next.status).toBe(200);
    expect(next.body.data.map((l: { id: string }) => l.id)).not.toContain(firstPage.ids[0]);
    await stopService();
  });

  it("with the service stopped, backs up directly; restore refuses an occupied directory unless --replace", async () => {
    const target = path.join(scratch, "restored");
    const direct = await admin(target, "backup", "--to", path.join(scratch, "direct.tar"));
    expect(direct.exitCode).toBe(0);
    expect(existsSync(path.join(scratch, "direct.tar"))).toBe(true);

    const occupied = await admin(target, "restore", "--from", backupFile);
    expect(occupied.exitCode).toBe(1);
    expect(occupied.stderr).toContain("--replace");
    const replaced = await admin(target, "restore", "--from", path.join(scratch, "direct.tar"), "--replace");
    expect(replaced.exitCode).toBe(0);
    const aside = /previous contents are in (\S+)\./.exec(replaced.stderr)?.[1];
    expect(aside).toBeDefined();
    expect(existsSync(path.join(aside!, "pglite"))).toBe(true);
    expect(existsSync(path.join(target, "pglite"))).toBe(true);
  });

  it("refuses a damaged or foreign file and leaves the data directory untouched", async () => {
    const target = path.join(scratch, "restored");
    const cut = path.join(scratch, "cut.tar");
    await writeFile(cut, "");
    await truncate(backupFile, 4096).catch(() => {});
    for (const bad of [backupFile, cut]) {
      const refused = await admin(target, "restore", "--from", bad, "--replace");
      expect(refused.exitCode).toBe(1);
      expect(refused.stdout).toBe("");
    }
    // The directory still holds the database the last restore put there.
    await startService(target);
    const api = apiClient(regionalUrl, ownerKey);
    expect((await api("GET", `/v1/files/${fileId}`)).status).toBe(200);
    await stopService();
  });
});
