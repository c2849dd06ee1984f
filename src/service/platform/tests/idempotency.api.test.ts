import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, idempotencyKeys, libraries } from "../../db/schema/index.ts";
import { type ApiCall, apiClient } from "../../testing/http-client.ts";
import { sendRaw } from "../../testing/raw-http.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

let service: TestService;
let regional: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  regional = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

const countLibraries = async (name: string) =>
  (await service.deps.db.select().from(libraries).where(eq(libraries.name, name))).length;
const countEvents = async (name: string) =>
  (
    await service.deps.db
      .select()
      .from(events)
      .where(and(eq(events.type, "library.created"), sql`${events.data}->>'name' = ${name}`))
  ).length;

describe("Idempotency-Key", () => {
  it("replays the stored answer with exactly one side effect and one event", async () => {
    const headers = { "idempotency-key": "create-brand-1" };
    const first = await regional("POST", "/v1/libraries", { body: { name: "Idem A" }, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await regional("POST", "/v1/libraries", { body: { name: "Idem A" }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await countLibraries("Idem A")).toBe(1);
    expect(await countEvents("Idem A")).toBe(1);
  });

  it("treats the same body with keys in another order as the same request", async () => {
    const headers = { "idempotency-key": "order-insensitive" };
    const a = await regional("POST", "/v1/libraries", {
      rawBody: '{"name":"Idem B","description":"d"}',
      headers: { ...headers, "content-type": "application/json" },
    });
    const b = await regional("POST", "/v1/libraries", {
      rawBody: '{"description":"d","name":"Idem B"}',
      headers: { ...headers, "content-type": "application/json" },
    });
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body.id).toBe(a.body.id);
  });

  it("takes `{}` and no body to a POST without one as the same request", async () => {
    const library = (await regional("POST", "/v1/libraries", { body: { name: "Idem empty" } })).body;
    const folder = (
      await regional("POST", "/v1/folders", { body: { name: "Trashed", library_id: library.id } })
    ).body;
    expect((await regional("DELETE", `/v1/folders/${folder.id}`)).status).toBe(200);
    const headers = { "idempotency-key": "empty-or-none" };
    const first = await regional("POST", `/v1/folders/${folder.id}/restore`, { headers });
    expect(first.status).toBe(200);
    const again = await regional("POST", `/v1/folders/${folder.id}/restore`, { body: {}, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("answers 422 when the key is reused for a different request", async () => {
    const headers = { "idempotency-key": "reuse-me" };
    expect((await regional("POST", "/v1/libraries", { body: { name: "Idem C" }, headers })).status).toBe(201);
    const reused = await regional("POST", "/v1/libraries", { body: { name: "Idem D" }, headers });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe("idempotency_key_reused");
    expect(await countLibraries("Idem D")).toBe(0);
  });

  it("keys are per API key: another key with the same Idempotency-Key is a new request", async () => {
    const other = await service.createKey(["libraries:write"]);
    const headers = { "idempotency-key": "shared-name" };
    const a = await regional("POST", "/v1/libraries", { body: { name: "Idem E" }, headers });
    const b = await regional("POST", "/v1/libraries", { body: { name: "Idem E" }, headers, key: other });
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
  });

  it("answers 409 while the same key is in flight, and lets a retry take over from a dead request", async () => {
    const [key] = await service.deps.db.select().from(idempotencyKeys).limit(1);
    const apiKeyId = key!.apiKeyId;
    const { requestFingerprint } = await import("../idempotency.ts");
    const body = { name: "Idem F" };
    const fingerprint = requestFingerprint("POST", "/v1/libraries", body);
    await service.deps.db.insert(idempotencyKeys).values({
      apiKeyId,
      key: "in-flight",
      requestHash: fingerprint,
      state: "in_flight",
      owner: "someone-else",
      lockedUntil: new Date(Date.now() + 60_000),
    });
    const busy = await regional("POST", "/v1/libraries", {
      body,
      headers: { "idempotency-key": "in-flight" },
    });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("idempotency_conflict");
    // When the holder's lease lapses at the latest (60 s by default): a client knows when to come back.
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(busy.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await countLibraries("Idem F")).toBe(0);

    await service.deps.db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, "in-flight"));
    const retried = await regional("POST", "/v1/libraries", {
      body,
      headers: { "idempotency-key": "in-flight" },
    });
    expect(retried.status).toBe(201);
    expect(await countLibraries("Idem F")).toBe(1);
  });

  it("concurrent requests with one key produce one side effect", async () => {
    const headers = { "idempotency-key": "race" };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        regional("POST", "/v1/libraries", { body: { name: "Idem G" }, headers }),
      ),
    );
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const created = answers.filter((a) => a.status === 201);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(await countLibraries("Idem G")).toBe(1);
    expect(await countEvents("Idem G")).toBe(1);
  });

  it("stores a 4xx answer from the operation and replays it", async () => {
    const viewerKey = await service.createKey(["libraries:write"], { email: "viewer@example.com" });
    const headers = { "idempotency-key": "viewer-create" };
    const denied = await regional("POST", "/v1/libraries", {
      body: { name: "Idem H" },
      headers,
      key: viewerKey,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    const replay = await regional("POST", "/v1/libraries", {
      body: { name: "Idem H" },
      headers,
      key: viewerKey,
    });
    expect(replay.status).toBe(403);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toMatchObject({ code: "forbidden", message: denied.body.message });
    // The replayed body names the request that got it, as its X-Request-Id does.
    expect(replay.body.request_id).toBe(replay.headers.get("x-request-id"));
    expect(replay.body.request_id).not.toBe(denied.body.request_id);
  });

  it("stores a request refused as invalid: the same request replays the 400, another body is 422", async () => {
    const headers = { "idempotency-key": "invalid-first" };
    const invalid = await regional("POST", "/v1/libraries", { body: { name: "" }, headers });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("validation_error");
    const replay = await regional("POST", "/v1/libraries", { body: { name: "" }, headers });
    expect(replay.status).toBe(400);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.details).toEqual(invalid.body.details);
    const corrected = await regional("POST", "/v1/libraries", { body: { name: "Idem J" }, headers });
    expect(corrected.status).toBe(422);
    expect(corrected.body.code).toBe("idempotency_key_reused");
    expect(await countLibraries("Idem J")).toBe(0);
    // A query the operation refuses is the request's too.
    const query = { "idempotency-key": "invalid-query" };
    const refused = await regional("POST", "/v1/libraries?unknown=1", {
      body: { name: "Idem K" },
      headers: query,
    });
    expect(refused.status).toBe(400);
    const again = await regional("POST", "/v1/libraries?unknown=1", {
      body: { name: "Idem K" },
      headers: query,
    });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("stores answers sealed, so a database dump reveals no secret shown once", async () => {
    await regional("POST", "/v1/libraries", {
      body: { name: "Sealed answer" },
      headers: { "idempotency-key": "sealed" },
    });
    const [row] = await service.deps.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, "sealed"));
    expect(row!.responseBody).not.toContain("Sealed answer");
    expect(row!.responseBody!.startsWith("v1.")).toBe(true);
  });

  it("rejects an empty or over-long key", async () => {
    const long = await regional("POST", "/v1/libraries", {
      body: { name: "Idem I" },
      headers: { "idempotency-key": "k".repeat(256) },
    });
    expect(long.status).toBe(400);
    expect(long.body.details.errors[0].param).toBe("Idempotency-Key");
    expect(await countLibraries("Idem I")).toBe(0);
  });

  it("refuses two keys on one request: neither would be the one kept", async () => {
    const body = JSON.stringify({ name: "Idem Twice" });
    const answer = await sendRaw(
      Number(new URL(service.processUrls.regional).port),
      `POST /v1/libraries HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${service.seed.ownerKey}\r\n` +
        `Idempotency-Key: a\r\nIdempotency-Key: b\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).details.errors).toEqual([
      { param: "Idempotency-Key", message: "is repeated: send one" },
    ]);
    expect(await countLibraries("Idem Twice")).toBe(0);
  });
});
