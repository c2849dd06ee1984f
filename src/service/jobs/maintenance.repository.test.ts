import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { CHURNING_TABLES, vacuumChurningTables } from "./maintenance.repository.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function pagesOf(table: string): Promise<number> {
  const [row] = rowsOf<{ pages: number }>(
    await database.db.execute(sql`select (pg_relation_size(${table}::regclass) / 8192)::int as pages`),
  );
  return row!.pages;
}

describe("vacuuming the churning tables", () => {
  it("gives back the pages that finished and deleted jobs held", async () => {
    const db = database.db;
    await db.delete(jobs);
    // Queued, then finished, then deleted by the cleanup: three row versions each, none of them live.
    for (let batch = 0; batch < 5; batch++) {
      await db
        .insert(jobs)
        .values(
          Array.from({ length: 200 }, () => ({ type: "test.churn", payload: {}, status: "queued" as const })),
        );
      await db.update(jobs).set({ status: "succeeded", finishedAt: new Date() });
    }
    await db.delete(jobs);
    expect(await pagesOf("jobs")).toBeGreaterThan(0);

    await vacuumChurningTables(db);
    // Every row version was dead: the vacuum truncates the table to nothing.
    expect(await pagesOf("jobs")).toBe(0);
  });

  it("names only tables that exist", async () => {
    for (const table of CHURNING_TABLES) expect(await pagesOf(table)).toBeGreaterThanOrEqual(0);
  });
});
