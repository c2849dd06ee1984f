/**
 * Holds blob reclaim off while a backup copies blobs: the database dump is taken first, and a blob it still
 * references must not be deleted before its bytes are copied. Backups are for the embedded mode, where one
 * process owns the data directory, so a gate in this process's memory is enough.
 */
let backupsRunning = 0;

export async function whileBackingUp<T>(work: () => Promise<T>): Promise<T> {
  backupsRunning += 1;
  try {
    return await work();
  } finally {
    backupsRunning -= 1;
  }
}

/** True while a backup runs: the reclaim job skips its turn (it runs again at its next interval). */
export const backupRunning = () => backupsRunning > 0;
