import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dataDirPaths } from "./data-dir.ts";

// Hand-written: a pid file created with O_EXCL is all we need; proper-lockfile's mtime heartbeats add nothing here.

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
    readonly lockFile: string,
  ) {
    super(
      `The data directory ${dataDir} is already in use by ${pid ? `process ${pid}` : "another process"}. ` +
        `Stop that process first, or point BRANDSPACE_DATA_DIR elsewhere. ` +
        `If no Brandspace process is running, delete ${lockFile}.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data directory for this process, so that no two processes ever open the same PGlite files.
 * A lock left by a process that is gone is stale and taken over; a live holder throws DataDirInUseError.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = dataDirPaths(dataDir).lock;
  mkdirSync(dataDir, { recursive: true });
  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(file)) return { release: () => releaseIfOurs(file) };
    const holder = readPid(file);
    if (holder === null ? isFresh(file) : isAlive(holder)) throw new DataDirInUseError(dataDir, holder, file);
    removeIfStill(file, holder);
  }
  throw new Error(`Could not take the lock ${file}: another process took it at the same moment.`);
}

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The pid in the lock file; null when the file is gone, empty or unreadable (a crash while writing it). */
function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** A lock without a pid is being written right now, unless it is old: then its writer crashed mid-way. */
function isFresh(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Re-reads before removing, which narrows the race with another process taking over the same stale lock. */
function removeIfStill(file: string, stalePid: number | null) {
  if (readPid(file) !== stalePid) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function releaseIfOurs(file: string) {
  if (readPid(file) === process.pid) unlinkSync(file);
}
