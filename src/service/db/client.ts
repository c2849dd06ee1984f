import path from "node:path";
import type { EventLoopUtilization } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { createPgListeners } from "./pg-listeners.ts";
import { openPgliteThread } from "./pglite-thread.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** A database handle or a transaction: both drivers share the pg-core query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * The same database for background work (jobs: processing, imports, webhook deliveries). On PGlite, whose one
   * connection every statement shares, a request's statements and background work's take turns, so that a request
   * does not wait for everything the jobs queued; on PostgreSQL, `db` itself.
   */
  backgroundDb: Db;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** Cheap liveness probe for health checks. */
  ping(): Promise<boolean>;
  /** Calls `onNotify` for every NOTIFY on `channel` (from any process); returns a function that stops it. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** A consistent copy of the whole database as a tar, gzipped unless asked (PGlite only: PostgreSQL has pg_dump). */
  dumpDataDir?(compression?: "gzip" | "none"): Promise<Blob>;
  /**
   * PGlite only: how busy its thread has been (since `since`, or since it started), as
   * `performance.eventLoopUtilization` reports it.
   */
  threadUtilization?(since?: EventLoopUtilization): EventLoopUtilization;
  /**
   * PGlite only: settles with the reason if the database's thread ends on its own (it crashed) while open; every
   * statement fails from then on, so the process should end and be started again.
   */
  ended?: Promise<Error>;
  /** Pool use, for metrics (PostgreSQL only: PGlite has one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** The SQL migrations, applied in order by `migrate`. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
// Any constant works: it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 727_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string;
  /** PGlite only: a tar of a data directory (`dumpDataDir`, uncompressed) to start from instead of a new cluster. */
  pgliteSnapshot?: Uint8Array;
  poolSize?: number;
}

/** Opens PGlite (embedded default) or PostgreSQL with the same schema and migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.pgliteDir, options.pgliteSnapshot);
}

export { PGLITE_EXTENSIONS } from "./pglite-extensions.mjs";

/** PGlite on a thread of its own (pglite-thread.ts), behind the client Drizzle's PGlite driver uses. */
async function openPglite(dataDir?: string, snapshot?: Uint8Array): Promise<Database> {
  const thread = await openPgliteThread(dataDir, { snapshot });
  const client = thread as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    backgroundDb: drizzlePglite(thread.background as unknown as PGlite, { schema }) as unknown as Db,
    kind: "pglite",
    migrate: async () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => ping(db),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return async () => stop();
    },
    dumpDataDir: (compression = "gzip") => client.dumpDataDir(compression),
    threadUtilization: (since) => thread.utilization(since),
    ended: thread.ended,
    close: () => client.close(),
  };
}

/** How long a request waits for a new connection to the server (or a free one of the pool). */
const CONNECT_TIMEOUT_MS = 10_000;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Our queries are short; PostgreSQL's JIT compiles any plan whose estimate passes jit_above_cost, which costs
  // a listing or search over a large table 50 to 150 ms of compiling for a few ms of work. Set at connection
  // start: a `set` sent on the pool's "connect" event raced the pool's first query on that client (pg warns
  // that pg@9 will refuse a query sent while another runs).
  // A server that does not answer a new connection (a network that drops packets) fails the request that waited
  // for it (503) instead of holding it without end.
  const pool = new pg.Pool({
    ...withJitOff(url),
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A client that errors (the server restarts, or ends its connection) must not crash the process. The pool's
  // own listener covers an idle client only; one checked out between two statements of a transaction has none,
  // and pg raises its error as an 'error' event. The statement that uses it next fails instead (503), and the
  // pool discards it on release.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    backgroundDb: db,
    kind: "postgres",
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: () => ping(db),
    listen: createPgListeners(pool),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * The connection string and startup options: JIT off, after whatever `options` the string sets. They leave the
 * string for the `options` setting, which the string's own would otherwise replace.
 */
export function withJitOff(url: string): { connectionString: string; options: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL (a socket path): it carries no options.
    return { connectionString: url, options: "-c jit=off" };
  }
  const fromUrl = parsed.searchParams.get("options");
  parsed.searchParams.delete("options");
  return {
    connectionString: fromUrl === null ? url : parsed.toString(),
    options: [fromUrl, "-c jit=off"].filter(Boolean).join(" "),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw `db.execute` result, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
