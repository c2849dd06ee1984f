import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, openTestDatabase } from "../testing/test-database.ts";
import { type Database, openDatabase, rowsOf } from "./client.ts";
import { executeNamed } from "./named-statement.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

describe("a named statement", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("answers as db.execute does, with the parameters of each call, in and out of a transaction", async () => {
    const square = (n: number) => sql`select ${n}::int * ${n}::int as n, 'x' as text`;
    const plain = rowsOf(await database.db.execute(square(3)));
    expect(rowsOf(await executeNamed(database.db, "named_square", square(3)))).toEqual(plain);
    expect(rowsOf(await executeNamed(database.db, "named_square", square(4)))).toEqual([
      { n: 16, text: "x" },
    ]);
    const inTransaction = await database.db.transaction(async (tx) =>
      rowsOf(await executeNamed(tx as never, "named_square", square(5))),
    );
    expect(inTransaction).toEqual([{ n: 25, text: "x" }]);
  });
});

describe.skipIf(!serverUrl)("a named statement on PostgreSQL", () => {
  it("is parsed once per connection", async () => {
    const scratch = await createScratchDatabase(serverUrl!, "bs_named");
    const database = await openDatabase({ url: scratch.url, poolSize: 1 });
    try {
      for (const n of [1, 2, 3]) await executeNamed(database.db, "named_probe", sql`select ${n}::int as n`);
      const prepared = rowsOf<{ name: string }>(
        await database.db.execute(sql`select name from pg_prepared_statements`),
      );
      expect(prepared).toEqual([{ name: "named_probe" }]);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
