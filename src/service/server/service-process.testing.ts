import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
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

/**
 * Ports below the kernel's ephemeral range (32768–60999 by default): port 0 and every outgoing connection take
 * theirs from that range, so a port picked there can be taken again before the spawned process binds it (a CI run
 * lost one so). Random, so that parallel test processes rarely pick the same one.
 */
const PICK_FROM = 20_000;
const PICK_BELOW = 32_768;
const handedOut = new Set<number>();

/** Binds and releases `port` on loopback: true when it was free. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A loopback port that is free right now, outside the ephemeral range, never handed out twice by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_BELOW - PICK_FROM));
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free loopback port between ${PICK_FROM} and ${PICK_BELOW}`);
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, for a spawned service to migrate and seed. */
export const createProcessDatabase = (serverUrl: string) => createScratchDatabase(serverUrl, "bs_proc");

export interface ServiceProcess {
  /** The process running now (`restart` replaces it). */
  readonly spawned: SpawnedProcess;
  readonly dataDir: string;
  readonly regionalPort: number;
  readonly regionalUrl: string;
  readonly ownerKey: string;
  /** The scratch database on TEST_DATABASE_URL's server, or null on embedded PGlite. */
  readonly databaseUrl: string | null;
  /** Spawns the service again on the same data, ports and database, and waits until it serves. */
  restart(): Promise<void>;
  /** Kills every spawned process, drops the scratch database and removes the data directory. */
  close(): Promise<void>;
}

export interface ServiceProcessOptions {
  /** Variables beside the defaults (ports, data directory, database, `DEMO_CONTENT: 0`). */
  env?: Record<string, string>;
  /** The URL the process connects to, given the scratch database's (a relay in front of it, say). */
  reachDatabase?: (scratchUrl: string) => Promise<string> | string;
}

const BANNER = /Press Ctrl\+C to stop\./;

/**
 * A process that ends by itself with an error (not killed by a signal, not a clean stop) prints what it wrote to
 * the test's stderr: the cause of a failure that shows up only as a refused or reset connection.
 */
function reportingCrashes(spawned: SpawnedProcess): SpawnedProcess {
  void spawned.exited.then(({ exitCode, stdout, stderr }) => {
    if (exitCode === null || exitCode === 0) return;
    console.error(
      `service process ${spawned.child.pid} exited with ${exitCode}:\n${stdout.slice(-4000)}\n${stderr.slice(-8000)}`,
    );
  });
  return spawned;
}
const OWNER_KEY = /^ {4}(bsk_\S+)$/m;

/**
 * A real service process (`src/service/main.ts`) on a new data directory and two free ports, on a scratch database
 * of TEST_DATABASE_URL's server when it is set (embedded PGlite otherwise), its temporary files in the data
 * directory's `tmp`; resolves once it has printed the owner key it seeded and its banner.
 */
export async function startServiceProcess(options: ServiceProcessOptions = {}): Promise<ServiceProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-proc-"));
  const [centralPort, regionalPort] = [await freePort(), await freePort()];
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createProcessDatabase(serverUrl) : null;
  const close = async () => {
    killSpawned();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await mkdir(path.join(dataDir, "tmp"));
    const databaseUrl = scratch ? await (options.reachDatabase?.(scratch.url) ?? scratch.url) : null;
    const env = {
      BRANDSPACE_DATA_DIR: dataDir,
      TMPDIR: path.join(dataDir, "tmp"),
      HOST: "127.0.0.1",
      CENTRAL_PORT: String(centralPort),
      REGIONAL_PORT: String(regionalPort),
      LOG_LEVEL: "warn",
      DEMO_CONTENT: "0",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    };
    let spawned = reportingCrashes(spawnScript("src/service/main.ts", [], env));
    const ownerKey = (await spawned.waitForStdout(OWNER_KEY, 60_000))[1]!;
    await spawned.waitForStdout(BANNER, 60_000);
    return {
      get spawned() {
        return spawned;
      },
      dataDir,
      regionalPort,
      regionalUrl: `http://127.0.0.1:${regionalPort}`,
      ownerKey,
      databaseUrl: scratch?.url ?? null,
      async restart() {
        spawned = reportingCrashes(spawnScript("src/service/main.ts", [], env));
        await spawned.waitForStdout(BANNER, 60_000);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
