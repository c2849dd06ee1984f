import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BffConfig, BffConfigError, loadBffConfig } from "./bff/config.ts";
import { startBff } from "./bff/server.ts";
import { buildDashboardIfStale } from "./dashboard-build.ts";
import { ConfigError, loadConfig } from "./service/env.ts";
import { formatBanner } from "./service/server/banner.ts";
import { DataDirInUseError } from "./service/server/data-dir-lock.ts";
import { PortInUseError } from "./service/server/listeners.ts";
import { stopOnSignals } from "./service/server/signals.ts";
import { startService } from "./service/server/start-service.ts";

/**
 * `npm start`: the composition root. Starts the service (both planes, workers, admin socket) and then the
 * dashboard's BFF in front of it. The service and the BFF never import each other; only this file knows both.
 */
function exitWith(message: string): never {
  process.stderr.write(`Brandspace could not start. ${message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) exitWith(error.message);
  throw error;
}

const service = await startService(config).catch((error: unknown) => {
  const known = error instanceof DataDirInUseError || error instanceof PortInUseError;
  return exitWith(known ? (error as Error).message : String((error as Error)?.stack ?? error));
});

let dashboard: Awaited<ReturnType<typeof startBff>> | null = null;
if (service.urls) {
  let bffConfig: BffConfig;
  try {
    bffConfig = loadBffConfig({
      ...process.env,
      CENTRAL_URL: process.env.CENTRAL_URL ?? service.urls.central,
    });
  } catch (error) {
    await service.stop();
    if (error instanceof BffConfigError) exitWith(error.message);
    throw error;
  }
  const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  if (bffConfig.staticDir === path.join(projectRoot, "dist", "web")) {
    await buildDashboardIfStale(projectRoot, bffConfig.staticDir, (line) =>
      process.stdout.write(`${line}\n`),
    ).catch((error: unknown) =>
      process.stderr.write(`The dashboard could not be built: ${(error as Error).message}\n`),
    );
  }
  // Webhook deliveries may reach exactly the dashboard's own receiver; every other loopback address stays refused.
  const allowDashboard = (receiverUrl: string) => {
    const { hostname, port, protocol } = new URL(receiverUrl);
    const bare = hostname.replace(/^\[|\]$/g, "");
    config.webhookAllowHosts.push(`${bare}:${port || (protocol === "https:" ? "443" : "80")}`);
  };
  dashboard = await startBff(bffConfig, { onListening: allowDashboard }).catch(async (error: unknown) => {
    await service.stop();
    return exitWith(`The dashboard did not start: ${(error as Error).message}`);
  });
}

stopOnSignals(async () => {
  await dashboard?.stop();
  await service.stop();
});
process.stdout.write(formatBanner(service, config, dashboard ?? undefined));
