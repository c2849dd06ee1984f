import { spawn } from "node:child_process";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError } from "./data-dir-lock.ts";

let dataDir: string;
let lockFile: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-lock-"));
  lockFile = path.join(dataDir, "brandspace.lock");
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** A real process: alive until killed, or already gone once `exited` resolves. */
function otherProcess(lifetimeMs: number) {
  const child = spawn(process.execPath, ["-e", `setTimeout(() => {}, ${lifetimeMs})`]);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { pid: child.pid!, exited, kill: () => child.kill("SIGKILL") };
}

describe("acquireDataDirLock", () => {
  it("writes this process's pid, refuses a second holder, and frees the directory on release", () => {
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it("creates a missing data directory", () => {
    const nested = path.join(dataDir, "a", "b");
    acquireDataDirLock(nested).release();
  });

  it("names the live process that holds the directory", async () => {
    const holder = otherProcess(20_000);
    try {
      writeFileSync(lockFile, `${holder.pid}\n`);
      expect(() => acquireDataDirLock(dataDir)).toThrow(
        `The data directory ${dataDir} is already in use by process ${holder.pid}`,
      );
    } finally {
      holder.kill();
    }
  });

  it("takes over the lock of a process that is gone", async () => {
    const gone = otherProcess(0);
    await gone.exited;
    writeFileSync(lockFile, `${gone.pid}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("treats a lock without a pid as being written, unless it is old", () => {
    writeFileSync(lockFile, "");
    expect(() => acquireDataDirLock(dataDir)).toThrow("already in use by another process");
    const past = new Date(Date.now() - 60_000);
    utimesSync(lockFile, past, past);
    acquireDataDirLock(dataDir).release();
  });

  it("never removes a lock that another process took in the meantime", () => {
    const lock = acquireDataDirLock(dataDir);
    writeFileSync(lockFile, "999999\n");
    lock.release();
    expect(readFileSync(lockFile, "utf8")).toBe("999999\n");
  });
});
