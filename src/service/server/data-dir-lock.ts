import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { flockSync } from "fs-ext";
import { dataDirPaths } from "./data-dir.ts";

// An flock(2) on a file held open for the life of the process: the kernel drops it when the holder ends, however
// it ends, so there is no stale lock to judge. A pid liveness test could not tell a killed holder that is not
// reaped yet, or an unrelated process that got the same pid after a container restart, from a live holder.
// flock rather than fcntl locks: closing any other descriptor of the same file would release an fcntl lock.

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
    readonly lockFile: string,
  ) {
    super(
      `The data directory ${dataDir} is already in use by ${pid ? `process ${pid}` : "another process"}, ` +
        `which holds the lock on ${lockFile} until it ends. ` +
        `Stop that process first, or point BRANDSPACE_DATA_DIR elsewhere.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data directory for this process, so that no two processes ever open the same PGlite files. The lock
 * file holds the holder's pid, for people; a live holder (its lock, not its pid) throws DataDirInUseError.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = dataDirPaths(dataDir).lock;
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    // Node opens with O_CLOEXEC, so ffmpeg and other children never inherit the lock and outlive us with it.
    const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
    if (!tryLock(fd)) {
      closeSync(fd);
      throw new DataDirInUseError(dataDir, readPid(file), file);
    }
    // A holder that stopped between our open and our lock removed the file: our lock is on a file no one else
    // will open, so take the one now at the path instead.
    if (!isAtPath(fd, file)) {
      closeSync(fd);
      continue;
    }
    ftruncateSync(fd, 0);
    writeSync(fd, `${process.pid}\n`, 0);
    return { release: once(() => release(fd, file)) };
  }
  throw new Error(`Could not take the lock ${file}: other processes kept replacing it.`);
}

function tryLock(fd: number): boolean {
  try {
    flockSync(fd, "exnb");
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EAGAIN" || code === "EWOULDBLOCK") return false;
    closeSync(fd);
    throw error;
  }
}

function isAtPath(fd: number, file: string): boolean {
  try {
    const held = fstatSync(fd);
    const named = statSync(file);
    return held.ino === named.ino && held.dev === named.dev;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** The pid in the lock file; null when it is empty or unreadable (the holder has not written it yet). */
function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Removes the file while still locked, and only when it is still ours (see the check after locking). */
function release(fd: number, file: string) {
  try {
    if (isAtPath(fd, file)) unlinkSync(file);
  } finally {
    closeSync(fd);
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
