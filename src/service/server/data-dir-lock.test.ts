import { spawn } from "node:child_process";
import { existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError } from "./data-dir-lock.ts";

const fsExt = createRequire(import.meta.url).resolve("fs-ext");

let dataDir: string;
let lockFile: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-lock-"));
  lockFile = path.join(dataDir, "brandspace.lock");
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** Another process holding the lock as the service does (flock, pid written), until it is killed. */
async function otherHolder() {
  const script = `
    const fs = require("node:fs");
    const fd = fs.openSync(${JSON.stringify(lockFile)}, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
    require(${JSON.stringify(fsExt)}).flockSync(fd, "exnb");
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, process.pid + "\\n", 0);
    process.stdout.write("locked");
    setTimeout(() => {}, 30_000);`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", () => reject(new Error("the holder exited before taking the lock")));
  });
  return { pid: child.pid!, exited, kill: () => child.kill("SIGKILL") };
}

/** A live process that has nothing to do with the lock, as after a container restart reusing the old pid. */
function bystander() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"]);
  return { pid: child.pid!, kill: () => child.kill("SIGKILL") };
}

describe("acquireDataDirLock", () => {
  it("writes this process's pid, refuses a second holder, and frees the directory on release", () => {
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lock.release();
    acquireDataDirLock(dataDir).release();
  });

  it("creates a missing data directory", () => {
    const nested = path.join(dataDir, "a", "b");
    acquireDataDirLock(nested).release();
  });

  it("names the live process that holds the lock, and takes the lock at once when that process is killed", async () => {
    const holder = await otherHolder();
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(
        `The data directory ${dataDir} is already in use by process ${holder.pid}`,
      );
    } finally {
      holder.kill();
    }
    await holder.exited;
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(holder.pid));
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock file that names a live process holding no lock (a reused pid)", () => {
    const other = bystander();
    try {
      writeFileSync(lockFile, `${other.pid}\n`);
      const lock = acquireDataDirLock(dataDir);
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
      lock.release();
    } finally {
      other.kill();
    }
  });

  it.each([
    ["empty", ""],
    ["garbage", "not a pid"],
    ["longer than a pid", "1234567890123456789\n"],
  ])("takes over an unlocked lock file that is %s", (_name, content) => {
    writeFileSync(lockFile, content);
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8")).toBe(`${process.pid}\n`);
    lock.release();
  });

  it("never removes a lock file that replaced its own", () => {
    const lock = acquireDataDirLock(dataDir);
    unlinkSync(lockFile);
    writeFileSync(lockFile, "999999\n");
    lock.release();
    expect(readFileSync(lockFile, "utf8")).toBe("999999\n");
  });
});
