import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "./client.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("a PostgreSQL pool", () => {
  it("runs every connection with JIT off, set at connection start", async () => {
    const database = await openDatabase({ url: serverUrl!, poolSize: 3 });
    try {
      // Three at once: each on a connection of its own, the first query each new connection runs.
      const answers = await Promise.all(
        [1, 2, 3].map(() => database.db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`)),
      );
      expect(answers.map((answer) => rowsOf<{ jit: string }>(answer)[0]!.jit)).toEqual(["off", "off", "off"]);
    } finally {
      await database.close();
    }
  });
});
