import { chmodSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";
import { brandspaces } from "../db/schema/index.ts";
import type { Config } from "../env.ts";
import { type SeededBrandspace, seedDemo } from "../seed/demo-seed.ts";

// Any constant works: it only has to be the same in every process that may seed this database.
const SEED_LOCK = 727_002;

/**
 * Seeds the demo brandspace when the database has none yet, and writes the owner key to `ownerKeyFile`.
 * Returns the seeded brandspace on the first start, null on every later one.
 */
export async function seedOnFirstStart(
  database: Database,
  config: Config,
  ownerKeyFile: string,
): Promise<SeededBrandspace | null> {
  return database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // An API and a worker process starting together on one PostgreSQL database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: brandspaces.id }).from(brandspaces).limit(1);
    if (existing) return null;
    const seed = await seedDemo(tx, { region: config.region });
    // Written before the commit: if the file cannot be written, the seed rolls back and the next start retries.
    writeOwnerKey(ownerKeyFile, seed.ownerKey);
    return seed;
  });
}

function writeOwnerKey(file: string, key: string) {
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  // The mode above applies only when the file is created; a leftover file may have been readable.
  chmodSync(file, 0o600);
}
