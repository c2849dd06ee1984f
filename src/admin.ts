import { setDashboardPassword } from "./bff/password-file.ts";
import { PromptCancelled, readHiddenLine } from "./hidden-prompt.ts";
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
  let password: string | undefined;
  try {
    password = flag >= 0 ? args[flag + 1] : await promptPassword();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return error instanceof PromptCancelled ? 130 : 2;
  }
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

/** Typed twice without echo at a terminal (a typo cannot be seen), or read once from piped standard input. */
async function promptPassword(): Promise<string | undefined> {
  const password = await readHiddenLine(process.stdin, process.stderr, "New dashboard password: ");
  if (!password || !process.stdin.isTTY) return password;
  const again = await readHiddenLine(process.stdin, process.stderr, "Repeat it: ");
  if (again !== password) throw new Error("The two passwords differ; nothing was changed.");
  return password;
}
