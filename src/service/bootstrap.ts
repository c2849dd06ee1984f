import { readFileSync } from "node:fs";
import pino, { type Logger } from "pino";
import { logDestination } from "../shared/log-format.ts";
import { createBlobStore } from "./blobs/create-blob-store.ts";
import type { Database } from "./db/client.ts";
import type { ServiceDeps } from "./deps.ts";
import type { Config } from "./env.ts";
import { createCursorCodec } from "./platform/cursor.ts";
import { RateCounterBook } from "./platform/rate-counter-book.ts";
import { createKeyring, loadServerSecret } from "./platform/secrets.ts";
import { createSignal } from "./platform/signal.ts";

export const SERVICE_VERSION: string = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).version;

export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { service: "brandspace" },
    redact: {
      paths: [
        "req.headers.authorization",
        "headers.authorization",
        "authorization",
        "secret",
        "key",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  };
  const stream = destination ?? logDestination(config.logFormat);
  return stream ? pino(options, stream) : pino(options);
}

/** Wires the shared dependencies of the listeners and workers from configuration and an open database. */
export function createServiceDeps(
  config: Config,
  database: Database,
  logger = createLogger(config),
): ServiceDeps {
  const keyring = createKeyring(loadServerSecret(config.secret, config.dataDir));
  return {
    config,
    database,
    db: database.db,
    logger,
    keyring,
    blobs: createBlobStore(config.blobs),
    cursors: createCursorCodec(keyring.key("cursor")),
    version: SERVICE_VERSION,
    rateCounters: new RateCounterBook(database.db),
    signal: createSignal(),
    lifecycle: { draining: false },
  };
}
