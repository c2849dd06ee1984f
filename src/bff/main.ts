import { pathToFileURL } from "node:url";
import { type BffConfig, BffConfigError, loadBffConfig } from "./config.ts";
import { startBff } from "./server.ts";

export { startBff } from "./server.ts";

/** `tsx src/bff/main.ts`: configuration → BFF → print the URL (and login link) → stop on a signal. */
function loadConfigOrExit(): BffConfig {
  try {
    return loadBffConfig();
  } catch (error) {
    if (!(error instanceof BffConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const bff = await startBff(loadConfigOrExit());
  process.stdout.write(`Brandspace dashboard on ${bff.url}\n`);
  if (bff.loginLink) {
    process.stdout.write(
      `No dashboard password is set. Log in once with (valid 1 hour, single use):\n  ${bff.loginLink}\n` +
        "Set a password with: npm run admin -- dashboard set-password\n",
    );
  }
  const stop = async () => {
    await bff.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

// Importable by the service (for startBff) without starting a second dashboard.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
