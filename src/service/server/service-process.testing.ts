import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { createScratchDatabase } from "../testing/test-database.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const RUN_BUNDLED = `${REPO_ROOT}src/run-bundled.mjs`;
/** Variables of the caller that would leak into the spawned service's configuration. */
const CONFIG_VARIABLES =
  /^(BRANDSPACE_|DATABASE_URL$|HOST$|CENTRAL_|REGIONAL_|DASHBOARD_PORT$|REGION$|LOG_LEVEL$|LOG_FORMAT$)/;

export interface ChildRun {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

export interface SpawnedProcess {
  child: ChildProcess;
  output(): ChildRun;
  /** Resolves with the first match in stdout; rejects when the process exits first or time runs out. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<ChildRun>;
}

const spawned = new Set<ChildProcess>();

/** Runs a TypeScript entry point of the repository as `npm start` and `npm run admin` do (src/run-bundled.mjs). */
export function spawnScript(script: string, args: string[], env: Record<string, string>): SpawnedProcess {
  const child = spawn(process.execPath, [RUN_BUNDLED, script, ...args], {
    cwd: REPO_ROOT,
    env: { ...cleanEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  spawned.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const output = () => ({ stdout, stderr, exitCode: child.exitCode });
  const exited = new Promise<ChildRun>((resolve) => {
    child.on("close", (code) => {
      spawned.delete(child);
      resolve({ stdout, stderr, exitCode: code });
    });
  });
  const waitForStdout = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`timed out waiting for ${pattern}`)), timeoutMs);
      const check = () => {
        const match = pattern.exec(stdout);
        if (match) done(null, match);
      };
      const onExit = () => done(new Error(`exited before ${pattern}:\n${stdout}\n${stderr}`));
      const done = (error: Error | null, match?: RegExpMatchArray) => {
        clearTimeout(timer);
        child.stdout!.off("data", check);
        child.off("close", onExit);
        if (error) reject(error);
        else resolve(match!);
      };
      child.stdout!.on("data", check);
      child.on("close", onExit);
      check();
    });
  return { child, output, waitForStdout, exited };
}

/** Runs a script to its end. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ChildRun> {
  return spawnScript(script, args, env).exited;
}

/** Kills whatever a test left running. */
export function killSpawned() {
  for (const child of spawned) child.kill("SIGKILL");
}

function cleanEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !CONFIG_VARIABLES.test(entry[0]),
    ),
  );
}

/** A loopback port that is free right now: bind port 0, read it, release it. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, for a spawned service to migrate and seed. */
export const createProcessDatabase = (serverUrl: string) => createScratchDatabase(serverUrl, "bs_proc");
