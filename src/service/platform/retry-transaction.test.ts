import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { inTransaction, isRetryableConflict } from "./retry-transaction.ts";

describe("isRetryableConflict", () => {
  it("knows deadlocks and serialization failures, directly or as a driver error's cause", () => {
    expect(isRetryableConflict({ code: "40P01" })).toBe(true);
    expect(isRetryableConflict({ cause: { code: "40001" } })).toBe(true);
    expect(isRetryableConflict({ code: "23505" })).toBe(false);
    expect(isRetryableConflict(new Error("x"))).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("inTransaction on PostgreSQL", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
  });
  afterAll(() => database?.close());

  it("runs the deadlock victim again, so both transactions commit", async () => {
    let firstTries = 0;
    let secondTries = 0;
    let release: () => void = () => {};
    const bothLocked = new Promise<void>((resolve) => {
      let count = 0;
      release = () => {
        if (++count === 2) resolve();
      };
    });
    const crossed = (first: number, second: number, onTry: () => void) =>
      inTransaction(database.db, async (tx) => {
        onTry();
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        release();
        await Promise.race([bothLocked, new Promise((resolve) => setTimeout(resolve, 500))]);
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
      });
    await Promise.all([crossed(1, 2, () => firstTries++), crossed(2, 1, () => secondTries++)]);
    expect(firstTries + secondTries).toBe(3);
    const rows = await database.db.execute(sql`select n from deadlock_probe order by id`);
    expect((rows as unknown as { rows: { n: number }[] }).rows.map((r) => r.n)).toEqual([2, 2]);
  });
});
