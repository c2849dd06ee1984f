import { existsSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskBlobStore } from "../blobs/disk-blob-store.ts";
import type { Database } from "../db/client.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { type AdminSocket, sendToAdminSocket, serveAdminSocket } from "./admin-socket.ts";

let dir: string;
let socketPath: string;
let database: Database;
let socket: AdminSocket;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "bs-sock-"));
  socketPath = path.join(dir, "admin.sock");
  database = await openTestDatabase();
  await seedDemo(database.db);
  // A leftover of a crash: serving must replace it.
  writeFileSync(socketPath, "");
  const blobs = new DiskBlobStore(path.join(dir, "blobs"));
  socket = await serveAdminSocket(socketPath, { db: database.db, blobs }, pino({ level: "silent" }));
});
afterAll(async () => {
  await socket?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

function post(body: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: "/v1/commands", method: "POST" }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the admin socket", () => {
  it("is a socket only its owner can use", () => {
    const stat = statSync(socketPath);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it("runs a command with the live database and returns its output", async () => {
    const result = await sendToAdminSocket(socketPath, { command: "keys list" });
    expect(result).toMatchObject({ exitCode: 0, stderr: "" });
    expect(result!.stdout).toContain("Owner key (seeded)");
  });

  it("rejects a body that is not a command with exit code 2", async () => {
    const answer = await post(JSON.stringify({ command: "keys drop" }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ exitCode: 2 });
    expect((await post("{")).status).toBe(400);
  });

  it("streams a long command's progress, then its result, and serves other commands meanwhile", async () => {
    const progress: string[] = [];
    let seedDone = false;
    const seeding = sendToAdminSocket(socketPath, { command: "seed", files: 2000, flat: true }, (line) =>
      progress.push(line),
    ).then((result) => {
      seedDone = true;
      return result;
    });
    const listed = await sendToAdminSocket(socketPath, { command: "keys list" });
    expect(listed?.exitCode).toBe(0);
    expect(seedDone).toBe(false);
    const seeded = await seeding;
    expect(seeded).toMatchObject({ exitCode: 0 });
    expect(seeded!.stderr).toMatch(/Seeded 2000 files/);
    expect(progress.at(-1)).toMatch(/^Seeded 2,000 of 2,000 files \(100%\) in [\d.]+ s\.\n$/);
  });

  it("answers null when nothing listens, and is removed on close", async () => {
    expect(await sendToAdminSocket(path.join(dir, "missing.sock"), { command: "keys list" })).toBeNull();
    const stale = path.join(dir, "stale.sock");
    const other = await serveAdminSocket(stale, { db: database.db }, pino({ level: "silent" }));
    await other.close();
    expect(existsSync(stale)).toBe(false);
    expect(await sendToAdminSocket(stale, { command: "keys list" })).toBeNull();
  });
});
