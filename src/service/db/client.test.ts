import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, rowsOf, withJitOff } from "./client.ts";

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

describe("a PostgreSQL connection's startup options", () => {
  it("turn JIT off after the options the connection string sets", () => {
    expect(withJitOff("postgres://u@db:5432/bs")).toEqual({
      connectionString: "postgres://u@db:5432/bs",
      options: "-c jit=off",
    });
    expect(withJitOff("postgres://u@db:5432/bs?sslmode=require&options=-c%20statement_timeout%3D5s")).toEqual(
      {
        connectionString: "postgres://u@db:5432/bs?sslmode=require",
        options: "-c statement_timeout=5s -c jit=off",
      },
    );
    expect(withJitOff("/var/run/postgresql bs")).toEqual({
      connectionString: "/var/run/postgresql bs",
      options: "-c jit=off",
    });
  });
});

describe.skipIf(!serverUrl)("a PostgreSQL pool opened with options in its URL", () => {
  it("keeps them beside JIT off", async () => {
    const url = new URL(serverUrl!);
    url.searchParams.set("options", "-c statement_timeout=4321");
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const [row] = rowsOf<{ jit: string; timeout: string }>(
        await database.db.execute(
          sql`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout`,
        ),
      );
      expect(row).toEqual({ jit: "off", timeout: "4321ms" });
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!serverUrl)("a PostgreSQL listener", () => {
  it("outlives its connection being ended by the server", async () => {
    const database = await openDatabase({ url: serverUrl!, poolSize: 3 });
    try {
      const stop = await database.listen("brandspace_test_channel", () => {});
      const ended = rowsOf<{ ended: boolean }>(
        await database.db.execute(sql`
          select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query like 'listen %brandspace_test_channel%'`),
      );
      expect(ended).toEqual([{ ended: true }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await database.ping()).toBe(true);
      await stop();
    } finally {
      await database.close();
    }
  });
});
