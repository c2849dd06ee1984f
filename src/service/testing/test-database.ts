import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.ts";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or in a new directory under
 * TEST_PGLITE_DIR (on disk, as `npm start` runs it; the benches' default; removed again on close), or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openTestPglite(process.env.TEST_PGLITE_DIR);
  const scratch = await createScratchDatabase(serverUrl, "bs_test");
  const database = await openDatabase({ url: scratch.url, poolSize: testPoolSize() });
  await database.migrate();
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

async function openTestPglite(parent: string | undefined): Promise<Database> {
  const dir = parent ? await mkdtemp(path.join(parent, "bs_test_")) : undefined;
  const database = await openDatabase(dir ? { pgliteDir: dir } : {});
  await database.migrate();
  if (!dir) return database;
  return {
    ...database,
    close: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Connections per test service on PostgreSQL: few, as many test files run at once; benches raise it. */
export const testPoolSize = () => Number(process.env.TEST_DB_POOL_SIZE ?? 5);

/** A new, empty database on the PostgreSQL server of `serverUrl`, and how to drop it again. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
