import { ConfigError, loadConfig } from "../env.ts";
import { dataDirPaths } from "../server/data-dir.ts";
import { DataDirInUseError } from "../server/data-dir-lock.ts";
import { type CommandResult, EXIT_USAGE, failed, succeeded } from "./admin-command.ts";
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
  const forwarded = await sendToAdminSocket(dataDirPaths(config.dataDir).adminSocket, parsed.command);
  return forwarded ?? (await runDirect(config, parsed.command));
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
