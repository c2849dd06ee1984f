import type { Logger } from "pino";
import type { BlobStore } from "./blobs/blob-store.ts";
import type { Database, Db } from "./db/client.ts";
import type { Config } from "./env.ts";
import type { CursorCodec } from "./platform/cursor.ts";
import type { RateCounterBook } from "./platform/rate-counter-book.ts";
import type { Keyring } from "./platform/secrets.ts";
import type { Signal } from "./platform/signal.ts";

/** What every part of the service is built from: created once in main.ts (or the test harness). */
export interface ServiceDeps {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  keyring: Keyring;
  blobs: BlobStore;
  cursors: CursorCodec;
  version: string;
  /** This process's rate counting, shared with the others through the database (rate-counter-book.ts). */
  rateCounters: RateCounterBook;
  /** Wakes the in-process workers when new jobs or events were committed. */
  signal: Signal;
  /** Set when the process starts shutting down: readiness answers 503 `draining` while requests finish. */
  lifecycle: { draining: boolean };
}
