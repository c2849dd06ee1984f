import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventEnvelope } from "../../contract/events.ts";
import { Health, KeyContext, Usage } from "../../contract/meta.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { counterChange } from "../testing/usage-counter.ts";

let service: TestService;
let central: ApiCall;
let regional: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  central = apiClient(service.centralUrl, service.seed.ownerKey);
  regional = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

describe("GET /v1/health", () => {
  it("answers on both planes without a key", async () => {
    for (const [call, plane] of [
      [central, "central"],
      [regional, "regional"],
    ] as const) {
      const res = await call("GET", "/v1/health", { key: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: "health",
        status: "ok",
        plane,
        region: "us",
        checks: { database: "ok", storage: "ok", queue: "ok" },
      });
      expect(() => Health.parse(res.body)).not.toThrow();
      // Health needs no key: it never says which media tools (and so which parser versions) run.
      expect(res.body).not.toHaveProperty("media");
      expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9A-Z]{26}$/);
    }
  });
});

describe("GET /v1/me", () => {
  it("returns the key context with hosts and regions", async () => {
    const res = await central("GET", "/v1/me");
    expect(res.status).toBe(200);
    const me = KeyContext.parse(res.body);
    expect(me.brandspace).toEqual({ id: service.seed.brandspaceId, name: "Demo", region: "us" });
    expect(me.key.region).toBe("us");
    expect(me.key.region_stale).toBe(false);
    expect(me.key.prefix).toMatch(/^bsk_us_[0-9A-Za-z]{8}$/);
    expect(me.key.last_used_at).not.toBeNull();
    expect(me.creator).toMatchObject({ email: "owner@example.com", role: { slug: "owner" } });
    expect(me.hosts).toEqual({ central: service.centralUrl, regional: service.regionalUrl });
    expect(me.limits.sustained).toEqual({ limit: 600, window: "1m" });
    expect(me.limits.month).toEqual({ limit: 1_000_000, window: "1mo" });
    expect(JSON.stringify(res.body)).not.toContain(service.seed.ownerKey);
  });

  it("accepts a legacy key without a region segment as `us`", async () => {
    const legacy = await service.createKey(["files:read"], { region: null });
    expect(legacy).toMatch(/^bsk_[0-9A-Za-z]{40}$/);
    const res = await central("GET", "/v1/me", { key: legacy });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatchObject({ region: "us", region_stale: false });
  });

  it("flags a key minted for another region as stale; the brandspace's region is authoritative", async () => {
    const euKey = await service.createKey(["files:read"], { region: "eu" });
    const res = await central("GET", "/v1/me", { key: euKey });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatchObject({ region: "eu", region_stale: true });
    expect(res.body.brandspace.region).toBe("us");
    expect(res.body.hosts.regional).toBe(service.regionalUrl);
  });

  it("needs no scope beyond a valid key", async () => {
    const key = await service.createKey(["files:read"]);
    expect((await central("GET", "/v1/me", { key })).status).toBe(200);
  });
});

describe("GET /v1/events", () => {
  it("pages with limit and cursor like every list, the default page holding the whole catalogue", async () => {
    const all = (await central("GET", "/v1/events")).body.data.map((r: { type: string }) => r.type);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: { type: string }[]; next_cursor: string | null } } =
        await central("GET", `/v1/events?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(25);
      seen.push(...page.body.data.map((r) => r.type));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await central("GET", "/v1/events?limit=0")).status).toBe(400);
    expect((await central("GET", "/v1/events?cursor=forged")).status).toBe(400);
  });

  it("lists the 58 catalogue rows with group, description and data object", async () => {
    const res = await central("GET", "/v1/events");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(res.body.data).toHaveLength(58);
    const types = res.body.data.map((r: { type: string }) => r.type);
    expect(new Set(types).size).toBe(58);
    expect(res.body.data[0]).toEqual({
      object: "event_type",
      type: "file.created",
      group: "files",
      description: expect.any(String),
      data_object: "file",
    });
    const groups = new Set(res.body.data.map((r: { group: string }) => r.group));
    expect(groups).toEqual(
      new Set([
        "files",
        "folders_and_libraries",
        "boards_and_properties",
        "comments",
        "pages",
        "sharing_and_members",
        "imports",
        "transfers",
        "platform",
      ]),
    );
    expect(types).toContain("transfer.expired");
    expect(types).toContain("webhook.test");
  });
});

describe("GET /v1/usage", () => {
  it("reports the five counters, counting this very request", async () => {
    const res = await central("GET", "/v1/usage");
    expect(res.status).toBe(200);
    const usage = Usage.parse(res.body);
    expect(usage.sustained.used).toBeGreaterThanOrEqual(1);
    expect(usage.sustained.remaining).toBe(usage.sustained.limit - usage.sustained.used);
    expect(usage.month.limit).toBe(1_000_000);
    expect(new Date(usage.month.resets_at).getUTCDate()).toBe(1);
    expect(usage.search.used).toBe(0);
  });

  it("counts a file search with q on the search counter, and a list without q only on the others", async () => {
    const listed = await counterChange(central, "search", async () => {
      expect((await regional("GET", "/v1/files")).status).toBe(200);
      expect((await regional("GET", "/v1/files?q=")).status).toBe(200);
    });
    expect(listed.change).toBe(0);
    const searched = await counterChange(central, "search", async () => {
      expect((await regional("GET", "/v1/files?q=logo")).status).toBe(200);
    });
    expect(searched.change).toBe(1);
  });

  it("has no history unless asked for: the answer stays the five counters", async () => {
    const res = await central("GET", "/v1/usage");
    expect(Object.keys(res.body).sort()).toEqual(
      ["object", "sustained", "month", "search", "uploads", "downloads"].sort(),
    );
  });

  it("history=minute: the last hour minute by minute, this minute's requests in the last bucket", async () => {
    const first = Usage.parse((await central("GET", "/v1/usage?history=minute")).body).history!;
    const searchesBefore = first.buckets.at(-1)!.search;
    for (let i = 0; i < 3; i++) expect((await regional("GET", "/v1/files?q=burst")).status).toBe(200);
    // One process counts exactly at once; several write what they counted every 50 ms (docs/api.md, "Rate
    // limits"), so the history may need a moment to include another process's requests.
    const readHistory = async () =>
      Usage.parse((await central("GET", "/v1/usage?history=minute")).body).history!;
    let history = await readHistory();
    for (let tries = 0; history.buckets.at(-1)!.search < searchesBefore + 3 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      history = await readHistory();
    }
    expect(history.granularity).toBe("minute");
    expect(history.buckets).toHaveLength(60);
    const starts = history.buckets.map((b) => Date.parse(b.start));
    expect(starts.every((start, i) => i === 0 || start - starts[i - 1]! === 60_000)).toBe(true);
    expect(starts.at(-1)).toBe(Math.floor(Date.now() / 60_000) * 60_000);
    const now = history.buckets.at(-1)!;
    // Unless the minute turned between the two reads, the three searches are in this minute's bucket.
    if (Date.parse(first.buckets.at(-1)!.start) === starts.at(-1))
      expect(now.search).toBe(searchesBefore + 3);
    expect(now.sustained).toBeGreaterThanOrEqual(4);
    expect(now.month).toBe(now.sustained);
  });

  it("history=day: the last 30 UTC days, today's total at least this minute's", async () => {
    // One after the other: the day's bucket, read second, holds everything the minute's did.
    const minute = await central("GET", "/v1/usage?history=minute");
    const day = await central("GET", "/v1/usage?history=day");
    const history = Usage.parse(day.body).history!;
    expect(history.granularity).toBe("day");
    expect(history.buckets).toHaveLength(30);
    expect(history.buckets.at(-1)!.start).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    const today = history.buckets.at(-1)!;
    expect(today.sustained).toBeGreaterThanOrEqual(
      Usage.parse(minute.body).history!.buckets.at(-1)!.sustained,
    );
    expect(history.buckets.slice(0, -1).every((b) => b.sustained === 0)).toBe(true);
  });

  it("refuses an unknown history granularity", async () => {
    const res = await central("GET", "/v1/usage?history=week");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_error" });
  });

  it("needs usage:read", async () => {
    const key = await service.createKey(["files:read"]);
    const res = await central("GET", "/v1/usage", { key });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "insufficient_scope", details: { required_scope: "usage:read" } });
  });
});

describe("event envelope contract", () => {
  it("is exported for integrators", () => {
    expect(EventEnvelope.shape.attempt).toBeDefined();
  });
});
