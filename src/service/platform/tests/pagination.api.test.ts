import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, type ApiResponse, apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

let service: TestService;
let regional: ApiCall;
let central: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  regional = apiClient(service.regionalUrl, service.seed.ownerKey);
  central = apiClient(service.centralUrl, service.seed.ownerKey);
  for (let i = 0; i < 23; i++) {
    const res = await regional("POST", "/v1/libraries", { body: { name: `Library ${i}` } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => service?.close());

async function collect(call: ApiCall, path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res: ApiResponse = await call(
      "GET",
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    expect(res.body.next_cursor === null).toBe(!res.body.has_more);
    ids.push(...res.body.data.map((d: { id: string }) => d.id));
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

describe("cursor pagination", () => {
  it("walks every item exactly once, in order", async () => {
    const all = await regional("GET", "/v1/libraries?limit=100");
    expect(all.body.data).toHaveLength(25);
    expect(all.body).toMatchObject({ has_more: false, next_cursor: null });
    const walked = await collect(regional, "/v1/libraries", 7);
    expect(walked.pages).toBe(4);
    expect(walked.ids).toEqual(all.body.data.map((d: { id: string }) => d.id));
  });

  it("defaults to 50 items", async () => {
    const res = await regional("GET", "/v1/libraries");
    expect(res.body.data).toHaveLength(25);
  });

  it("stays correct when items are created between pages", async () => {
    const first = await regional("GET", "/v1/libraries?limit=10");
    const before = (await regional("GET", "/v1/libraries?limit=100")).body.data.map(
      (d: { id: string }) => d.id,
    );
    const created = await regional("POST", "/v1/libraries", { body: { name: "Inserted meanwhile" } });
    const ids = [...first.body.data.map((d: { id: string }) => d.id)];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await regional("GET", `/v1/libraries?limit=10&cursor=${encodeURIComponent(cursor)}`);
      ids.push(...page.body.data.map((d: { id: string }) => d.id));
      cursor = page.body.next_cursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, before.length)).toEqual(before);
    expect(ids.at(-1)).toBe(created.body.id);
  });

  it("rejects a tampered cursor and a cursor from another listing", async () => {
    const page = await regional("GET", "/v1/libraries?limit=2");
    const cursor: string = page.body.next_cursor;
    // Opaque: nothing of the page's last item can be read from it.
    const last = page.body.data.at(-1);
    expect(Buffer.from(cursor, "base64url").toString("latin1")).not.toContain(last.id);
    expect(Buffer.from(cursor, "base64url").toString("latin1")).not.toContain(last.created_at.slice(0, 10));
    // A readable cursor of the same shape, as a client might build one, is refused.
    const forged = Buffer.from(JSON.stringify({ l: "x", v: [last.created_at, last.id] })).toString(
      "base64url",
    );
    // Two characters changed (never to what they already were), in the middle and at the end.
    const middle = cursor.length >> 1;
    const flip = (c: string) => (c === "A" ? "B" : "A");
    const altered = `${cursor.slice(0, middle)}${flip(cursor[middle]!)}${cursor.slice(middle + 1)}`;
    const alteredEnd = `${cursor.slice(0, -2)}${cursor.endsWith("AA") ? "BA" : "AA"}`;
    // Changes that decode to the same bytes: the last character's spare bits (when its bytes leave some), and
    // padding.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const spareBits =
      Buffer.from(cursor, "base64url").length % 3 === 0
        ? `${cursor}==`
        : `${cursor.slice(0, -1)}${alphabet[alphabet.indexOf(cursor.at(-1)!) ^ 1]}`;
    expect(Buffer.from(spareBits, "base64url")).toEqual(Buffer.from(cursor, "base64url"));
    for (const bad of [forged, altered, alteredEnd, spareBits, `${cursor}=`, `${cursor}.x`, "x"]) {
      const res = await regional("GET", `/v1/libraries?cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.details.errors[0].param).toBe("cursor");
    }
    const members = await central("GET", `/v1/members?limit=1`);
    const crossed = await central("GET", `/v1/roles?cursor=${encodeURIComponent(members.body.next_cursor)}`);
    expect(crossed.status).toBe(400);
  });

  it("paginates members and roles", async () => {
    expect((await collect(central, "/v1/members", 1)).ids).toHaveLength(3);
    const roles = await collect(central, "/v1/roles", 2);
    expect(roles.ids).toHaveLength(5);
    const all = await central("GET", "/v1/roles");
    expect(all.body.data.map((r: { slug: string }) => r.slug)).toEqual([
      "owner",
      "admin",
      "editor",
      "commenter",
      "viewer",
    ]);
    expect(all.body.data.find((r: { slug: string }) => r.slug === "viewer")).toMatchObject({
      is_default: true,
    });
  });
});
