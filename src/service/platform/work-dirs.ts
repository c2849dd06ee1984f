import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Scratch directories for one piece of work (a processing run, a content sniff), named after the process that
 * made them: `bs-<purpose>-<pid>-XXXXXX`. The work removes its own; a process killed mid-work cannot, so each
 * process, as it starts, removes those of processes that no longer run.
 */
export function makeWorkDir(purpose: string, root = os.tmpdir()): Promise<string> {
  return mkdtemp(path.join(root, `bs-${purpose}-${process.pid}-`));
}

const WORK_DIR_NAME = /^bs-[a-z]+-(\d+)-[A-Za-z0-9]{6}$/;
/** As versions before this naming made them: `bs-process-XXXXXX`, `bs-sniff-XXXXXX`. */
const UNNAMED_WORK_DIR_NAME = /^bs-(process|sniff)-[A-Za-z0-9]{6}$/;
/**
 * An unnamed work directory untouched this long is abandoned: the tools a run starts time out within minutes,
 * and a run writes into its directory as it goes.
 */
const UNNAMED_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the work directories whose process has ended. One carrying this process's own id is abandoned only
 * if it is older than this process: an earlier process had the same id (a restarted container's). One named
 * without a process id (by an earlier version) is abandoned once untouched for a day.
 */
export async function removeAbandonedWorkDirs(root = os.tmpdir()): Promise<number> {
  const startedAtMs = Date.now() - process.uptime() * 1000;
  let removed = 0;
  for (const name of await readdir(root)) {
    const pid = Number(WORK_DIR_NAME.exec(name)?.[1]);
    const unnamed = UNNAMED_WORK_DIR_NAME.test(name);
    if (!(pid > 0) && !unnamed) continue;
    const dir = path.join(root, name);
    // One of this process's own may be removed by its work meanwhile: gone, it is not abandoned.
    const touchedAtMs = async () => (await stat(dir).catch(() => null))?.mtimeMs ?? Date.now();
    const abandoned = unnamed
      ? (await touchedAtMs()) < Date.now() - UNNAMED_ABANDONED_AFTER_MS
      : pid === process.pid
        ? (await touchedAtMs()) < startedAtMs
        : !isRunning(pid);
    if (!abandoned) continue;
    // Another user's, in a shared temporary directory, may not be ours to remove: it is left to them.
    const gone = await rm(dir, { recursive: true, force: true }).then(
      () => true,
      () => false,
    );
    if (gone) removed++;
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
