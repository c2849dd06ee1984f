import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { loadBffConfig } from "../config.ts";
import { createBffLogger } from "../logger.ts";
import { setDashboardPassword } from "../password-file.ts";
import { startBff } from "../server.ts";
import type { Clock } from "../session-store.ts";
import { UpstreamHosts } from "../upstream-hosts.ts";
import { BrowserRecorder, browserClient } from "./browser-client.ts";

export interface BffUnderTestOptions {
  centralUrl: string;
  apiKey: string;
  /** Stored as the dashboard password before the BFF starts; omitted means a one-time login link. */
  password?: string;
  /** Off unless `DASHBOARD_LIVE_UPDATES: "1"` is given (most tests have no service that could deliver). */
  env?: Record<string, string>;
  now?: Clock;
  onListening?: (receiverUrl: string) => void;
  /** An existing data directory (e.g. to restart on the same one); removed by close() only when created here. */
  dataDir?: string;
}

/** A real BFF on a loopback port with a temp data dir, its log lines, and a recording browser client. */
export async function startBffUnderTest(options: BffUnderTestOptions) {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "bs-bff-")));
  if (options.password) await setDashboardPassword(dataDir, options.password);
  const config = loadBffConfig({
    HOST: "127.0.0.1",
    DASHBOARD_PORT: "0",
    CENTRAL_URL: options.centralUrl,
    DASHBOARD_API_KEY: options.apiKey,
    BRANDSPACE_DATA_DIR: dataDir,
    DASHBOARD_STATIC_DIR: path.join(dataDir, "no-static-dir"),
    LOG_LEVEL: "debug",
    DASHBOARD_LIVE_UPDATES: "0",
    ...options.env,
  });
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const now = options.now ?? Date.now;
  const hosts = new UpstreamHosts({ centralUrl: config.centralUrl, apiKey: config.apiKey, now });
  const logger = createBffLogger({ level: config.logLevel, apiKey: config.apiKey, stream: logStream });
  const running = await startBff(config, { hosts, logger, now, onListening: options.onListening });
  const recorder = new BrowserRecorder();
  return {
    ...running,
    config,
    dataDir,
    hosts,
    logLines,
    recorder,
    /** A fresh browser (no cookie) whose answers are recorded. */
    browser: () => browserClient(running.url, recorder),
    async close() {
      await running.stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type BffUnderTest = Awaited<ReturnType<typeof startBffUnderTest>>;
