import { createBlobStore } from "../blobs/create-blob-store.ts";
import { openDatabase } from "../db/client.ts";
import type { Config } from "../env.ts";
import { dataDirPaths } from "../server/data-dir.ts";
import { acquireDataDirLock } from "../server/data-dir-lock.ts";
import type { AdminCommand, CommandResult } from "./admin-command.ts";
import { runAdminCommand } from "./run-command.ts";

/**
 * Runs a command with no service to forward it to: opens the database itself, under the same data-directory
 * lock as the service on PGlite, so that the directory is never open in two processes.
 */
export async function runDirect(
  config: Config,
  command: AdminCommand,
  progress?: (message: string) => void,
): Promise<CommandResult> {
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, poolSize: 2 }
        : { pgliteDir: dataDirPaths(config.dataDir).pglite },
    );
    try {
      await database.migrate();
      const blobs = createBlobStore(config.blobs);
      try {
        return await runAdminCommand(
          { db: database.db, blobs, storage: { database, config }, progress },
          command,
        );
      } finally {
        await blobs.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
