import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { installQueryParsersOnce } from "./pglite-parsers.ts";

const clients: PGlite[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

async function newClient() {
  const client = await PGlite.create();
  clients.push(client);
  return client;
}

/** Values of every type Drizzle brings a parser for, and of some it does not. */
const everyKind = sql`select timestamptz '2026-11-27 12:00:00.123+00' as at, timestamp '2026-11-27 12:00' as local,
  array[timestamptz '2026-11-27 12:00:00+00', null] as ats, array[timestamp '2026-11-27 12:00'] as locals,
  interval '1 day 2 hours' as span, array[interval '1 hour'] as spans, date '2026-11-27' as day,
  array[date '2026-11-27'] as days, 1.50::numeric as n, array[1.5::numeric] as ns, 7::int as i, array[1, 2] as is,
  '{"a": [1, "x"]}'::jsonb as j, 'text' as t, true as b`;

describe("PGlite's parsers installed once for Drizzle", () => {
  it("give Drizzle the rows it gets without them, and no query brings its parsers after the first", async () => {
    const plain = drizzle(await newClient());
    const client = await newClient();
    const seen: (QueryOptions | undefined)[] = [];
    const query = client.query.bind(client);
    client.query = (text, params, options) => {
      seen.push(options);
      return query(text, params, options);
    };
    installQueryParsersOnce(client);
    const lean = drizzle(client);

    const expected = (await plain.execute(everyKind)).rows;
    expect((await lean.execute(everyKind)).rows).toEqual(expected);
    expect((await lean.execute(everyKind)).rows).toEqual(expected);
    expect(seen.length).toBe(2);
    expect(seen.every((options) => options && !options.parsers)).toBe(true);
    // Inside a transaction too.
    expect((await lean.transaction((tx) => tx.execute(everyKind))).rows).toEqual(expected);
    expect(
      (await lean.transaction(async (tx) => (await tx.execute(everyKind)).rows)).map((row) => typeof row.at),
    ).toEqual(["string"]);
  });

  it("passes a query that brings parsers for other types as it is", async () => {
    const client = await newClient();
    installQueryParsersOnce(client);
    await drizzle(client).execute(sql`select 1`);
    const custom = await client.query<{ i: unknown }>("select 7::int as i", [], {
      parsers: { 23: (value: string) => `int ${value}` },
    });
    expect(custom.rows).toEqual([{ i: "int 7" }]);
    expect((await client.query<{ i: unknown }>("select 7::int as i")).rows).toEqual([{ i: 7 }]);
  });
});
