import { RestoreRefused, restoreBackup } from "../backup/restore-backup.ts";
import { type Config, ConfigError, loadConfig } from "../env.ts";
import { dataDirPaths } from "../server/data-dir.ts";
import { acquireDataDirLock, DataDirInUseError, type DataDirLock } from "../server/data-dir-lock.ts";
import { type AdminCommand, type CommandResult, EXIT_USAGE, failed, succeeded } from "./admin-command.ts";
import { sendToAdminSocket } from "./admin-socket.ts";
import { HELP } from "./help.ts";
import { parseAdminArgv } from "./parse-command.ts";
import { runDirect } from "./run-direct.ts";

/** `npm run admin -- <command>`: forwards to the running service when there is one, else runs here. */
async function main(argv: string[]): Promise<CommandResult> {
  const parsed = parseAdminArgv(argv);
  if (parsed.kind === "help") return succeeded(HELP);
  if (parsed.kind === "usage")
    return failed(`${parsed.message}\nRun \`npm run admin -- help\` for usage.`, EXIT_USAGE);
  const config = loadConfig();
  if (parsed.command.command === "restore") return restore(config, parsed.command);
  const progress = (message: string) => process.stderr.write(message);
  const forwarded = await sendToAdminSocket(
    dataDirPaths(config.dataDir).adminSocket,
    parsed.command,
    progress,
  );
  return forwarded ?? (await runDirect(config, parsed.command, progress));
}

/** Never forwarded: a restore replaces the database under a stopped service, holding its data-directory lock. */
async function restore(config: Config, command: Extract<AdminCommand, { command: "restore" }>) {
  if (config.databaseUrl) {
    return failed("restore is for the embedded mode (PGlite). On PostgreSQL use pg_restore.");
  }
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      return failed(`The service is running on ${config.dataDir}: stop it first, then restore.`);
    }
    throw error;
  }
  try {
    const restored = await restoreBackup({
      from: command.from,
      dataDir: config.dataDir,
      replace: command.replace,
    });
    const aside = restored.movedAside ? ` The previous contents are in ${restored.movedAside}.` : "";
    return succeeded(
      "",
      `Restored the backup of ${restored.manifest.created_at} (${restored.manifest.blobs.count} blobs) into ${config.dataDir} in ${restored.seconds.toFixed(1)} s.${aside}\n`,
    );
  } catch (error) {
    if (error instanceof RestoreRefused) return failed(error.message);
    throw error;
  } finally {
    lock.release();
  }
}

function explain(error: unknown): CommandResult {
  if (error instanceof ConfigError) return failed(error.message);
  if (error instanceof DataDirInUseError) {
    return failed(
      `${error.message}\nThe running service did not answer on its admin socket; try again in a moment.`,
    );
  }
  return failed(
    `Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
}

const result = await main(process.argv.slice(2)).catch(explain);
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
