import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createServiceDeps } from "../../bootstrap.ts";
import { openDatabase, rowsOf } from "../../db/client.ts";
import { type ApiCall, apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";
import { counterChange } from "../../testing/usage-counter.ts";
import { FLUSH_INTERVAL_MS } from "../rate-counter-book.ts";

let service: TestService;
let central: ApiCall;

beforeAll(async () => {
  // Exact counts are what one process guarantees; across processes the bound is tested below.
  service = await startTestService({
    env: { RATE_LIMITS: "sustained=10/1h,month=1000/1mo" },
    oneApiProcess: true,
  });
  central = apiClient(service.centralUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

describe("rate limits", () => {
  it("sends RateLimit headers, then 429 with Retry-After once a counter is used up", async () => {
    const first = await central("GET", "/v1/me");
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("10");
    expect(Number(first.headers.get("ratelimit-remaining"))).toBe(9);
    const reset = Number(first.headers.get("ratelimit-reset"));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(3600);
    for (let i = 0; i < 9; i++) expect((await central("GET", "/v1/me")).status).toBe(200);
    const limited = await central("GET", "/v1/me");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: "rate_limited",
      details: { counter: "sustained", limit: 10, resets_at: expect.any(String) },
    });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("health stays reachable without a key while the brandspace is limited", async () => {
    expect((await central("GET", "/v1/health", { key: null })).status).toBe(200);
  });
});

describe("usage of a counter that was used up", () => {
  it("stops at the limit: refused requests use nothing", async () => {
    const limited = await startTestService({ env: { RATE_LIMITS: "search=2/1d" }, oneApiProcess: true });
    try {
      const regional = apiClient(limited.regionalUrl, limited.seed.ownerKey);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await regional("GET", "/v1/files?q=logo")).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
      const usage = await apiClient(limited.centralUrl, limited.seed.ownerKey)("GET", "/v1/usage");
      expect(usage.body.search).toMatchObject({ limit: 2, used: 2, remaining: 0 });
    } finally {
      await limited.close();
    }
  });
});

describe("a key's requests of no operation", () => {
  it("are refused with 429 once its counter is used up: an unknown path, an over-long id, bad percent-encoding", async () => {
    const limited = await startTestService({ env: { RATE_LIMITS: "sustained=2/1d" }, oneApiProcess: true });
    try {
      const call = apiClient(limited.regionalUrl, limited.seed.ownerKey);
      expect((await call("GET", "/v1/libraries")).status).toBe(200);
      expect((await call("GET", `/v1/files/${"a".repeat(150)}`)).status).toBe(404);
      for (const path of ["/v1/nothing-here", `/v1/files/${"a".repeat(150)}`, "/v1/files/%zz"]) {
        const refused = await call("GET", path);
        expect(refused.status, path).toBe(429);
        expect(refused.body, path).toMatchObject({ code: "rate_limited", details: { counter: "sustained" } });
        expect(Number(refused.headers.get("retry-after")), path).toBeGreaterThan(0);
        expect(refused.headers.get("ratelimit-remaining"), path).toBe("0");
      }
    } finally {
      await limited.close();
    }
  });
});

describe("RateLimit headers on refused answers", () => {
  it("a request refused for its scope counts on sustained and month only, not on uploads, downloads or search", async () => {
    const fresh = await startTestService({ env: { RATE_LIMITS: "sustained=100/1d" }, oneApiProcess: true });
    try {
      const narrow = apiClient(fresh.regionalUrl, await fresh.createKey(["libraries:read"]));
      const owner = apiClient(fresh.centralUrl, fresh.seed.ownerKey);
      const refused = async () => {
        expect((await narrow("POST", "/v1/uploads", { body: { name: "x.png" } })).status).toBe(403);
        const body = { url: "http://127.0.0.1:9/x.png" };
        expect((await narrow("POST", "/v1/files/import", { body })).status).toBe(403);
        expect((await narrow("GET", "/v1/files/fil_x/download")).status).toBe(403);
        expect((await narrow("GET", "/v1/files?q=logo")).status).toBe(403);
      };
      for (const counter of ["uploads", "downloads", "search"] as const)
        expect((await counterChange(owner, counter, refused)).change, counter).toBe(0);
      // Four refusals, then the usage reading itself.
      expect((await counterChange(owner, "sustained", refused)).change).toBe(5);
    } finally {
      await fresh.close();
    }
  });

  it("every authenticated answer carries them: a 403 for a missing scope, a 404, 405 or 400 of no operation (421: planes test)", async () => {
    const fresh = await startTestService({ env: { RATE_LIMITS: "sustained=50/1d" }, oneApiProcess: true });
    try {
      const narrowKey = await fresh.createKey(["files:read"]);
      const denied = await apiClient(fresh.regionalUrl, narrowKey)("GET", "/v1/libraries");
      expect(denied.status).toBe(403);
      expect(denied.headers.get("ratelimit-limit")).toBe("50");
      expect(denied.headers.get("ratelimit-remaining")).toBe("49");
      expect(Number(denied.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      const unauthenticated = await apiClient(fresh.regionalUrl)("GET", "/v1/libraries", { key: null });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers.get("ratelimit-limit")).toBeNull();

      // A path or method no operation has is still the key's request: counted, with the headers.
      const call = apiClient(fresh.regionalUrl, fresh.seed.ownerKey);
      const unknown = await call("GET", "/v1/nothing-here?q=logo");
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get("ratelimit-remaining")).toBe("48");
      const wrongMethod = await call("PUT", "/v1/libraries", { body: {} });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("ratelimit-remaining")).toBe("47");
      // So is a path the router refuses before any operation: an over-long id, bad percent-encoding.
      const longId = await call("GET", `/v1/files/${"a".repeat(150)}`);
      expect(longId.status).toBe(404);
      expect(longId.headers.get("ratelimit-remaining")).toBe("46");
      const badEncoding = await call("GET", "/v1/files/%zz");
      expect(badEncoding.status).toBe(400);
      expect(badEncoding.body.details.errors).toEqual([
        { param: "path", message: "is not valid percent-encoding" },
      ]);
      expect(badEncoding.headers.get("ratelimit-remaining")).toBe("45");
      // Another method of a central-only path on the regional host is refused before authentication: uncounted.
      const central = await call("PUT", "/v1/me", { body: {} });
      expect(central.status).toBe(404);
      expect(central.body.details.host).toBe(fresh.centralUrl);
      expect(central.headers.get("ratelimit-limit")).toBeNull();
      expect((await call("GET", "/v1/nothing-here")).headers.get("ratelimit-remaining")).toBe("44");
      // Without a valid key the path is answered as it is, and nothing is counted.
      const anonymous = await apiClient(fresh.regionalUrl)("GET", "/v1/nothing-here", { key: null });
      expect(anonymous.status).toBe(404);
      expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
      const badKey = await apiClient(fresh.regionalUrl, "bs_live_not_a_key")("GET", "/v1/nothing-here");
      expect(badKey.status).toBe(404);
      expect(badKey.headers.get("ratelimit-limit")).toBeNull();
      const anonymousLongId = await apiClient(fresh.regionalUrl)("GET", `/v1/files/${"a".repeat(150)}`, {
        key: null,
      });
      expect(anonymousLongId.status).toBe(404);
      expect(anonymousLongId.headers.get("ratelimit-limit")).toBeNull();
      const usage = await apiClient(fresh.centralUrl, fresh.seed.ownerKey)("GET", "/v1/usage");
      expect(usage.body.search.used).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe("rate limits under concurrency", () => {
  it("one process counts exactly: 60 requests at once against a limit of 40 give 40 answers and 20 refusals", async () => {
    const one = await startTestService({ env: { RATE_LIMITS: "sustained=40/1d" }, oneApiProcess: true });
    try {
      const call = apiClient(one.centralUrl, one.seed.ownerKey);
      const answers = await Promise.all(Array.from({ length: 60 }, () => call("GET", "/v1/brandspace")));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
      const remaining = answers
        .filter((a) => a.status === 200)
        .map((a) => Number(a.headers.get("ratelimit-remaining")))
        .sort((a, b) => a - b);
      // Every answer has its own place in the count.
      expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => i));
    } finally {
      await one.close();
    }
  });

  it("several processes on one database share the counters: every request counted once, the limit held", async () => {
    const shared = await startTestService({ env: { RATE_LIMITS: "sustained=40/1d" } });
    const extra: { close(): Promise<void> }[] = [];
    try {
      const urls = [shared.centralUrl];
      // On PostgreSQL a second instance has its own pool and memory, like a second process.
      const url = (shared.deps.database as { url?: string }).url;
      if (url) {
        const database = await openDatabase({ url, poolSize: 5 });
        const deps = createServiceDeps(shared.deps.config, database);
        const app = await buildApp(deps, { plane: "central", region: "us" });
        await app.listen({ host: "127.0.0.1", port: 0 });
        const address = app.server.address() as { port: number };
        urls.push(`http://127.0.0.1:${address.port}`);
        extra.push({
          close: async () => {
            await app.close();
            await deps.rateCounters.close();
            await database.close();
          },
        });
      }
      const calls = urls.map((u) => apiClient(u, shared.seed.ownerKey));
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => calls[i % calls.length]!("GET", "/v1/brandspace")),
      );
      const allowed = answers.filter((a) => a.status === 200).length;
      // Never refused before the limit. Past it, a process may not yet know what another counted in the last
      // flush interval (docs/api.md, "Rate limits"): a burst split over processes can pass the limit by that much.
      expect(allowed).toBeGreaterThanOrEqual(40);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - allowed);
      await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_INTERVAL_MS));
      // Within an interval every process has written its counts: each request counted once, and from then on
      // every process refuses.
      for (const call of calls) expect((await call("GET", "/v1/brandspace")).status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_INTERVAL_MS));
      const counted = await shared.deps.db.execute(
        sql`select sum(used)::int as used from rate_counters where counter = 'sustained'`,
      );
      expect(rowsOf<{ used: number }>(counted)[0]!.used).toBe(60 + calls.length);
    } finally {
      for (const e of extra) await e.close();
      await shared.close();
    }
  });
});
