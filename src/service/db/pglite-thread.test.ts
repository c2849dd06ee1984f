import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { openPgliteThread, type PgliteClient, type PgliteStatements } from "./pglite-thread.ts";

const closing: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closing) await close();
});

async function newThread(dataDir?: string, snapshot?: Uint8Array): Promise<PgliteClient> {
  const client = await openPgliteThread(dataDir, { snapshot });
  closing.push(() => client.close());
  return client;
}

const asDrizzleClient = (client: PgliteClient) => client as unknown as PGlite;

/** Values of every type Drizzle brings a parser for, and of some it does not. */
const everyKind = sql`select timestamptz '2026-11-27 12:00:00.123+00' as at, timestamp '2026-11-27 12:00' as local,
  array[timestamptz '2026-11-27 12:00:00+00', null] as ats, array[timestamp '2026-11-27 12:00'] as locals,
  interval '1 day 2 hours' as span, array[interval '1 hour'] as spans, date '2026-11-27' as day,
  array[date '2026-11-27'] as days, 1.50::numeric as n, array[1.5::numeric] as ns, 7::int as i, array[1, 2] as is,
  '{"a": [1, "x"]}'::jsonb as j, 'text' as t, true as b, '\\x00ff'::bytea as bytes, 9007199254740993::int8 as big`;

describe("PGlite on its own thread", () => {
  it("gives Drizzle the rows PGlite on this thread gives it, in a transaction too", async () => {
    const here = await PGlite.create();
    closing.push(() => here.close());
    const expected = (await drizzle(here).execute(everyKind)).rows;
    const thread = drizzle(asDrizzleClient(await newThread()));
    expect((await thread.execute(everyKind)).rows).toEqual(expected);
    expect((await thread.transaction((tx) => tx.execute(everyKind))).rows).toEqual(expected);
  });

  it("commits a transaction, rolls back one that throws, and keeps other statements out while one is open", async () => {
    const client = await newThread();
    const db = drizzle(asDrizzleClient(client));
    await db.execute(sql`create table t (n int primary key)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (2)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");

    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (3)`);
      order.push("inserted");
      await held;
      order.push("committing");
    });
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = client.query<{ n: number }>("select n from t order by n").then((result) => {
      order.push("read");
      return result.rows.map((row) => row.n);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await open;
    expect(await outside).toEqual([1, 3]);
    expect(order).toEqual(["inserted", "committing", "read"]);
  });

  it("rebuilds the database's errors with their fields, and a failed statement leaves the client usable", async () => {
    const client = await newThread();
    await client.exec("create table u (id int primary key)");
    await client.query("insert into u values (1)");
    const error = await client.query("insert into u values (1)").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "u_pkey", table: "u" });
    expect((error as Error).message).toMatch(/duplicate key/);
    expect((await client.query<{ n: number }>("select count(*)::int as n from u")).rows).toEqual([{ n: 1 }]);
  });

  it("refuses a query's parsers for other types: a parser cannot go to the thread", async () => {
    const client = await newThread();
    await expect(client.query("select 7", [], { parsers: { 23: (value: string) => value } })).rejects.toThrow(
      /parsers must be among the types kept as text/,
    );
  });

  it("lets requests and background work take turns at the database while both have statements waiting", async () => {
    const client = await newThread();
    /** Holds the database with a transaction while statements queue behind it; returns them in the order run. */
    async function orderBehind(holdAsBackground: boolean, queue: Array<[name: string, background: boolean]>) {
      const order: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const hold = (on: PgliteStatements) =>
        on.transaction(async (tx) => {
          await tx.query("select 1");
          await held;
        });
      const open = hold(holdAsBackground ? client.background : client);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const queued = queue.map(([name, background]) => {
        const on = background ? client.background : client;
        return on.query(`select '${name}'`).then(() => order.push(name));
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await Promise.all([open, ...queued]);
      return order;
    }
    // A request waits for no more than one of background work's statements...
    expect(
      await orderBehind(true, [
        ["job 1", true],
        ["job 2", true],
        ["job 3", true],
        ["request", false],
      ]),
    ).toEqual(["request", "job 1", "job 2", "job 3"]);
    // ... and requests coming one after another do not hold background work off.
    expect(
      await orderBehind(false, [
        ["request 1", false],
        ["request 2", false],
        ["job", true],
        ["request 3", false],
      ]),
    ).toEqual(["job", "request 1", "request 2", "request 3"]);
  });

  it("hears its NOTIFYs, keeps its data on disk, and dumps it as a database to start another from", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "bs-pglite-thread-"));
    try {
      const first = await openPgliteThread(dir);
      const heard: string[] = [];
      const stop = await first.listen("news", (payload) => heard.push(payload));
      await first.exec("create table kept (v text); insert into kept values ('saved')");
      await first.query("select pg_notify('news', 'hello')");
      while (heard.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(heard).toEqual(["hello"]);
      await stop();
      await first.query("select pg_notify('news', 'unheard')");
      const dump = await first.dumpDataDir("none");
      expect(dump.size).toBeGreaterThan(1_000);
      await first.close();
      expect(heard).toEqual(["hello"]);

      const second = await openPgliteThread(dir);
      expect((await second.query<{ v: string }>("select v from kept")).rows).toEqual([{ v: "saved" }]);
      await second.close();
      await expect(second.query("select 1")).rejects.toThrow(/database thread ended/);
      // Closed, not crashed: nothing reports it as ended.
      const endedAfterClose = await Promise.race([
        second.ended,
        new Promise((resolve) => setTimeout(resolve, 100)),
      ]);
      expect(endedAfterClose).toBeUndefined();

      // The dump is a database to start from, in memory or in a new directory.
      const copy = await newThread(undefined, new Uint8Array(await dump.arrayBuffer()));
      expect((await copy.query<{ v: string }>("select v from kept")).rows).toEqual([{ v: "saved" }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("reports a thread that ends on its own, and fails every call from then on", async () => {
    const thread = await openPgliteThread(undefined, {
      workerUrl: new URL("../testing/ending-thread.worker.mjs", import.meta.url),
    });
    await expect(thread.query("select 1")).rejects.toThrow("the database crashed");
    const ended = await thread.ended;
    expect(ended.message).toMatch(/database thread ended \(exit code 3\)/);
    await expect(thread.query("select 1")).rejects.toThrow(/exit code 3/);
    await thread.close();
  });
});
