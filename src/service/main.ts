import { type Config, ConfigError, loadConfig } from "./env.ts";
import { formatBanner } from "./server/banner.ts";
import { DataDirInUseError } from "./server/data-dir-lock.ts";
import { PortInUseError } from "./server/listeners.ts";
import { exitWhenDatabaseEnds, stopOnSignals } from "./server/signals.ts";
import { type RunningService, startService } from "./server/start-service.ts";

/** `npm start`: configuration → service (listeners, workers, admin socket) → banner → wait for a signal. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function startOrExit(config: Config): Promise<RunningService> {
  try {
    return await startService(config);
  } catch (error) {
    const known = error instanceof DataDirInUseError || error instanceof PortInUseError;
    process.stderr.write(`Brandspace could not start. ${known ? (error as Error).message : String(error)}\n`);
    if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  }
}

const config = loadConfigOrExit();
const service = await startOrExit(config);
stopOnSignals(service.stop);
exitWhenDatabaseEnds(service.deps.database.ended, service.deps.logger);
process.stdout.write(formatBanner(service, config));
