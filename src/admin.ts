import { createInterface } from "node:readline/promises";
import { setDashboardPassword } from "./bff/password-file.ts";
import { loadConfig } from "./service/env.ts";

/**
 * `npm run admin -- <command>`: `dashboard set-password` belongs to the BFF; every other command is the
 * service's admin command line.
 */
const argv = process.argv.slice(2);
if (argv[0] === "dashboard") {
  process.exitCode = await dashboardCommand(argv.slice(1));
} else {
  await import("./service/cli/admin.ts");
}

async function dashboardCommand(args: string[]): Promise<number> {
  if (args[0] !== "set-password") {
    process.stderr.write("Usage: npm run admin -- dashboard set-password [--password <password>]\n");
    return 2;
  }
  const flag = args.indexOf("--password");
  const password = flag >= 0 ? args[flag + 1] : await readPassword();
  if (!password) {
    process.stderr.write("No password given.\n");
    return 2;
  }
  try {
    await setDashboardPassword(loadConfig().dataDir, password);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  process.stderr.write("Dashboard password set. Existing sessions stay valid until they expire.\n");
  return 0;
}

/** One line from standard input: typed at a prompt, or piped (`echo … | npm run admin -- dashboard set-password`). */
async function readPassword(): Promise<string | undefined> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write("New dashboard password: ");
  for await (const line of rl) {
    rl.close();
    return line.trim();
  }
  return undefined;
}
