import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import writeFileAtomic from "write-file-atomic";
import { type Database, migrationsFolder, openDatabase } from "../db/client.ts";

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
  const database = await openDatabase({ pgliteDir: dir, pgliteSnapshot: await migratedPgliteSnapshot() });
  // Nothing to apply when the snapshot is current; it is the check that it is.
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

const SNAPSHOT_DIR = fileURLToPath(
  new URL("../../../node_modules/.cache/brandspace-test-pglite/", import.meta.url),
);
/** PGlite's package.json, found as Node finds the package (its entry point is in `dist/`). */
const PGLITE_PACKAGE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")),
  "..",
  "package.json",
);
let snapshot: Promise<Uint8Array> | undefined;

/**
 * A migrated, empty PGlite database as a tar, for test databases to start from: a new PGlite cluster and its
 * migrations took 2.5 s here, a copy of this 0.6–0.95 s. Kept per process and, under the migrations' hash, in
 * node_modules/.cache for the other test processes; written whole (to a temporary name first) or not at all.
 */
function migratedPgliteSnapshot(): Promise<Uint8Array> {
  snapshot ??= (async () => {
    const file = path.join(SNAPSHOT_DIR, `${await migrationsHash()}.tar`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return new Uint8Array(kept);
    const database = await openDatabase({});
    await database.migrate();
    const dump = await database.dumpDataDir!("none");
    const bytes = new Uint8Array(await dump.arrayBuffer());
    await database.close();
    // Keeping it is a saving, not a need: a full disk or a read-only tree only costs the next process its own.
    await keep(file, bytes).catch(() => {});
    return bytes;
  })();
  return snapshot;
}

async function keep(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  // A Buffer over the same bytes: the library's types take no other Uint8Array.
  await writeFileAtomic(file, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    fsync: false,
  });
}

/** The migrations' names and contents and PGlite's version, hashed: a change to either makes a new snapshot. */
async function migrationsHash(): Promise<string> {
  const hash = createHash("sha256").update(await readFile(PGLITE_PACKAGE));
  const names = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const name of names) {
    const content = await readFile(path.join(migrationsFolder, name)).catch(() => null);
    if (content) hash.update(name).update("\0").update(content);
  }
  return hash.digest("hex").slice(0, 16);
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
