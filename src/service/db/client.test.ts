import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../platform/database-unavailable.ts";
import { openTestDatabase } from "../testing/test-database.ts";
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

describe.skipIf(!serverUrl)("a PostgreSQL pool whose connection ends inside a transaction", () => {
  it("fails that transaction's next statement as unavailable, without an unhandled error, and serves on", async () => {
    const database = await openDatabase({ url: serverUrl!, poolSize: 2 });
    try {
      const attempt = database.db.transaction(async (tx) => {
        const pid = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
        // Between two statements the checked-out connection runs no query: the server ending it then reaches
        // pg as an 'error' event, which crashed the process while nothing listened.
        await database.db.execute(sql`select pg_terminate_backend(${pid})`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      const failure = await attempt.then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(await database.ping()).toBe(true);
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
  it("outlives its connection being ended by the server, hears again on a new one, and says it may have missed some", async () => {
    const database = await openDatabase({ url: serverUrl!, poolSize: 3 });
    try {
      let heard = 0;
      const stop = await database.listen("brandspace_test_channel", () => heard++);
      const terminate = async () =>
        rowsOf<{ ended: boolean }>(
          await database.db.execute(sql`
            select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and query like 'listen %brandspace_test_channel%'`),
        );
      expect(await terminate()).toEqual([{ ended: true }]);
      // Called once when listening again, for whatever was notified meanwhile.
      await expect.poll(() => heard, { timeout: 5_000 }).toBe(1);
      expect(await database.ping()).toBe(true);

      await database.db.execute(sql`select pg_notify('brandspace_test_channel', '')`);
      await expect.poll(() => heard, { timeout: 5_000 }).toBe(2);
      // Again: every loss is made good.
      expect(await terminate()).toEqual([{ ended: true }]);
      await expect.poll(() => heard, { timeout: 5_000 }).toBe(3);
      await database.db.execute(sql`select pg_notify('brandspace_test_channel', '')`);
      await expect.poll(() => heard, { timeout: 5_000 }).toBe(4);

      await stop();
      await database.db.execute(sql`select pg_notify('brandspace_test_channel', '')`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toBe(4);
      expect(database.poolStats!().total).toBeLessThanOrEqual(1);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!serverUrl)("PostgreSQL listeners", () => {
  it("share one connection, each hearing its own channel, and give it back when the last stops", async () => {
    const database = await openDatabase({ url: serverUrl!, poolSize: 3 });
    try {
      const heard: string[] = [];
      const channels = ["brandspace_test_a", "brandspace_test_b", "brandspace_test_c"];
      const stops = await Promise.all(
        channels.map((channel) => database.listen(channel, () => heard.push(channel))),
      );
      // A second listener on a channel: both hear it.
      const again = await database.listen("brandspace_test_a", () => heard.push("again"));
      expect(database.poolStats!()).toMatchObject({ total: 1, idle: 0 });

      await database.db.execute(
        sql`select pg_notify('brandspace_test_a', ''), pg_notify('brandspace_test_c', '')`,
      );
      await expect.poll(() => heard.toSorted()).toEqual(["again", "brandspace_test_a", "brandspace_test_c"]);

      await again();
      await stops[0]!();
      await stops[1]!();
      expect(database.poolStats!().total).toBeGreaterThanOrEqual(1);
      await database.db.execute(
        sql`select pg_notify('brandspace_test_a', ''), pg_notify('brandspace_test_c', '')`,
      );
      await expect.poll(() => heard.length).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.at(-1)).toBe("brandspace_test_c");
      expect(heard).toHaveLength(4);

      await stops[2]!();
      // Closed, not kept in the pool with its session's state; the pool's query connection may stay idle.
      const listeningConnections = async () =>
        rowsOf<{ n: number }>(
          await database.db.execute(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'unlisten %'`),
        )[0]!.n;
      await expect.poll(listeningConnections).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe("a database's thread", () => {
  it("says how busy PGlite's thread has been; PostgreSQL has none in this process", async () => {
    const database = await openTestDatabase();
    try {
      if (database.kind === "postgres") {
        expect(database.threadUtilization).toBeUndefined();
        return;
      }
      const before = database.threadUtilization!();
      await database.db.execute(sql`select count(*) from generate_series(1, 300000)`);
      const busy = database.threadUtilization!(before);
      expect(busy.active).toBeGreaterThan(0);
      expect(busy.utilization).toBeGreaterThan(0);
      expect(busy.utilization).toBeLessThanOrEqual(1);
    } finally {
      await database.close();
    }
  });
});
