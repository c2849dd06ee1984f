import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { freePort } from "../server/service-process.testing.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { isDatabaseUnavailable } from "./database-unavailable.ts";
import { toApiError } from "./error-body.ts";

describe("isDatabaseUnavailable", () => {
  it("knows a server out of connections or shutting down, directly or as a driver error's cause", () => {
    expect(isDatabaseUnavailable({ code: "53300" })).toBe(true);
    expect(isDatabaseUnavailable({ cause: { code: "57P01" } })).toBe(true);
    expect(isDatabaseUnavailable({ cause: { code: "08006" } })).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves a request's own faults and our bugs alone", () => {
    expect(isDatabaseUnavailable({ code: "23505" })).toBe(false);
    expect(isDatabaseUnavailable({ cause: { code: "42601" } })).toBe(false);
    // A protocol violation (a statement over 65,535 parameters, say) is our fault, though in class 08.
    expect(isDatabaseUnavailable({ cause: { code: "08P01" } })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it("answers 503 unavailable with Retry-After, which a client may retry", () => {
    const error = toApiError({ cause: { code: "53300" } });
    expect(error.status).toBe(503);
    expect(error.code).toBe("unavailable");
    expect(error.headers["Retry-After"]).toBe("1");
    expect(toApiError(new TypeError("x")).status).toBe(500);
  });

  it("knows a server that refuses the connection", async () => {
    const pool = new pg.Pool({ host: "127.0.0.1", port: await freePort(), user: "postgres" });
    const failure = await pool.query("select 1").catch((error: unknown) => error);
    await pool.end();
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("isDatabaseUnavailable on PostgreSQL", () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("knows a connection the server ended under a running statement", async () => {
    const client = new pg.Client({ connectionString: database.url });
    client.on("error", () => {});
    await client.connect();
    const pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const running = client.query("select pg_sleep(10)").catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await database.db.execute(sql`select pg_terminate_backend(${pid})`);
    expect(isDatabaseUnavailable(await running)).toBe(true);
    await client.end().catch(() => {});
  });

  it("leaves a statement's own error alone", async () => {
    const failure = await database.db.execute(sql`select 1/0`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });
});
