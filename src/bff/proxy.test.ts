import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT } from "../contract/common.ts";
import { startTestService, type TestService } from "../service/testing/test-service.ts";
import { type BffUnderTest, startBffUnderTest } from "./testing/bff-under-test.ts";
import type { BrowserClient, BrowserResponse } from "./testing/browser-client.ts";
import { REGIONAL_REFRESH_MS, UpstreamHosts } from "./upstream-hosts.ts";

const PASSWORD = "correct horse battery staple";
const MiB = 1024 * 1024;

let service: TestService;
let dashboard: BffUnderTest;
let browser: BrowserClient;

beforeAll(async () => {
  service = await startTestService();
  dashboard = await startBffUnderTest({
    centralUrl: service.centralUrl,
    apiKey: service.seed.ownerKey,
    password: PASSWORD,
  });
  browser = dashboard.browser();
  expect((await browser.call("POST", "/api/session", { body: { password: PASSWORD } })).status).toBe(201);
});
afterAll(async () => {
  await dashboard?.close();
  await service?.close();
});

describe("routing", () => {
  it("sends central paths to the central host and the rest to the discovered regional host", async () => {
    const me = await browser.call("GET", "/api/v1/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ object: "key_context", hosts: { regional: service.regionalUrl } });

    const libraries = await browser.call("GET", "/api/v1/libraries?limit=5");
    expect(libraries.status).toBe(200);
    expect(libraries.body.object).toBe("list");
    // The central host would also serve it, but flagged as deprecated.
    expect(libraries.headers.get("deprecation")).toBeNull();
    expect(dashboard.hosts.knownRegionalUrl).toBe(service.regionalUrl);
  });

  it("passes upstream errors through unchanged", async () => {
    const missing = await browser.call("GET", "/api/v1/libraries/lib_01J0000000000000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ object: "error", code: "not_found" });
    expect(missing.headers.get("x-request-id")).toBe(missing.body.request_id);
  });

  it("answers 502 with the uniform error body when the API is unreachable, then rediscovers", async () => {
    dashboard.hosts.setRegionalUrl("http://127.0.0.1:1");
    const down = await browser.call("GET", "/api/v1/libraries");
    expect(down.status).toBe(502);
    expect(down.body).toEqual({
      object: "error",
      status: 502,
      code: "unavailable",
      message: "The API could not be reached.",
      details: null,
      request_id: expect.stringMatching(/^req_/),
    });
    expect((await browser.call("GET", "/api/v1/libraries")).status).toBe(200);
    expect(dashboard.hosts.knownRegionalUrl).toBe(service.regionalUrl);
  });

  it("logs a warning when the API marks a path as deprecated", async () => {
    dashboard.hosts.setRegionalUrl(service.centralUrl);
    expect((await browser.call("GET", "/api/v1/libraries")).status).toBe(200);
    expect(
      dashboard.logLines.some((line) => line.includes("deprecated") && line.includes('"level":40')),
    ).toBe(true);
    dashboard.hosts.setRegionalUrl(service.regionalUrl);
  });
});

describe("errors", () => {
  const expectServiceError = (answer: BrowserResponse, status: number, code: string) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ object: "error", status, code, details: null });
    // The service's own body: its request id (ULID), also in the X-Request-Id header the browser gets.
    expect(answer.body.request_id).toMatch(/^req_[0-9A-Z]{26}$/);
    expect(answer.headers.get("x-request-id")).toBe(answer.body.request_id);
  };

  it("pass the service's 413 through, with its error body", async () => {
    const created = await browser.call("POST", "/api/v1/uploads", {
      body: { name: "small.bin", size: 10, library_id: service.seed.libraries.shared },
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.body.upload_url);
    const tooLong = await browser.call("PUT", `/api${uploadUrl.pathname}${uploadUrl.search}`, {
      rawBody: new Uint8Array(64),
      headers: { "content-type": "application/octet-stream" },
    });
    expectServiceError(tooLong, 413, "payload_too_large");
    expect(tooLong.body.message).toMatch(/larger than the 10 bytes/);
  });

  it("answer 413 for a JSON body over the API's limit without sending it, with the API's code and message", async () => {
    const big = JSON.stringify({ name: "x".repeat(JSON_BODY_LIMIT) });
    const answer = await browser.call("POST", "/api/v1/libraries", {
      rawBody: big,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      object: "error",
      status: 413,
      code: "payload_too_large",
      message: "The request body is larger than this operation accepts.",
      details: null,
      request_id: answer.headers.get("x-request-id"),
    });
    const direct = await fetch(`${service.regionalUrl}/v1/libraries`, {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json", authorization: `Bearer ${service.seed.ownerKey}` },
    }).catch(() => null);
    // The service says the same when it manages to answer before the connection breaks.
    if (direct) expect(await direct.json()).toMatchObject({ status: 413, message: answer.body.message });
  });

  it("pass the service's 415 through, with or without a Content-Type", async () => {
    const text = await browser.call("POST", "/api/v1/libraries", {
      rawBody: "name=Plain",
      headers: { "content-type": "text/plain" },
    });
    expectServiceError(text, 415, "unsupported_media_type");
    const untyped = await browser.call("POST", "/api/v1/libraries", { rawBody: new Blob(["{}"]) });
    expectServiceError(untyped, 415, "unsupported_media_type");
  });

  it("answer the BFF's own 4xx with their status in the uniform error body", async () => {
    const uniform = (status: number, code: string) => ({
      object: "error",
      status,
      code,
      message: expect.any(String),
      details: null,
      request_id: expect.stringMatching(/^req_[0-9a-f]{24}$/),
    });
    const badType = await browser.call("POST", "/api/v1/libraries", {
      rawBody: "{}",
      headers: { "content-type": "not a media type" },
    });
    expect(badType.status).toBe(415);
    expect(badType.body).toEqual(uniform(415, "unsupported_media_type"));
    const hugeLogin = await dashboard.browser().call("POST", "/api/session", {
      body: { password: "x".repeat(2 * MiB) },
    });
    expect(hugeLogin.status).toBe(413);
    expect(hugeLogin.body).toEqual(uniform(413, "payload_too_large"));
    const notJson = await dashboard.browser().call("POST", "/api/session", {
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual(uniform(400, "validation_error"));
    const loggedOut = await dashboard.browser().call("GET", "/api/v1/libraries");
    expect(loggedOut.status).toBe(401);
    expect(loggedOut.body).toEqual(uniform(401, "unauthorized"));
  });
});

describe("regional host discovery", () => {
  it("keeps the discovered host for five minutes, then asks GET /v1/me again", async () => {
    let now = Date.now();
    const hosts = new UpstreamHosts({
      centralUrl: service.centralUrl,
      apiKey: service.seed.ownerKey,
      now: () => now,
    });
    expect(await hosts.regionalUrl()).toBe(service.regionalUrl);
    hosts.setRegionalUrl("http://127.0.0.1:1");
    now += REGIONAL_REFRESH_MS - 1;
    expect(await hosts.regionalUrl()).toBe("http://127.0.0.1:1");
    now += 1;
    expect(await hosts.regionalUrl()).toBe(service.regionalUrl);
  });
});

describe("misdirected requests", () => {
  it("retries once at details.host after a 421 and keeps the corrected host", async () => {
    const euUrl = await service.startRegionalHost("eu");
    const direct = await fetch(`${euUrl}/v1/libraries`, {
      headers: { authorization: `Bearer ${service.seed.ownerKey}` },
    });
    expect(direct.status).toBe(421);
    await direct.arrayBuffer();

    dashboard.hosts.setRegionalUrl(euUrl);
    expect((await browser.call("GET", "/api/v1/libraries")).status).toBe(200);
    expect(dashboard.hosts.knownRegionalUrl).toBe(service.regionalUrl);

    dashboard.hosts.setRegionalUrl(euUrl);
    const created = await browser.call("POST", "/api/v1/libraries", { body: { name: "Retried" } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Retried");
  });
});

describe("mutations", () => {
  it("refuse a missing or foreign Origin, accept the dashboard's own or Sec-Fetch-Site", async () => {
    const body = { name: "Origin check" };
    expect((await browser.call("POST", "/api/v1/libraries", { body, origin: null })).status).toBe(403);
    const foreign = await browser.call("POST", "/api/v1/libraries", { body, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ object: "error", code: "forbidden" });
    const sameSite = await browser.call("POST", "/api/v1/libraries", {
      body,
      origin: null,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.status).toBe(201);
  });

  it("pass Idempotency-Key through, and add a fresh one when the browser sends none", async () => {
    const headers = { "idempotency-key": `bff-test-${Date.now()}` };
    const first = await browser.call("POST", "/api/v1/libraries", { body: { name: "Once" }, headers });
    expect(first.status).toBe(201);
    const replay = await browser.call("POST", "/api/v1/libraries", { body: { name: "Once" }, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(first.body.id);

    const a = await browser.call("POST", "/api/v1/libraries", { body: { name: "Twice" } });
    const b = await browser.call("POST", "/api/v1/libraries", { body: { name: "Twice" } });
    expect(a.headers.get("idempotent-replayed")).toBeNull();
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(a.body.id).not.toBe(b.body.id);
  });

  it("do not forward the browser's cookie or Authorization header", async () => {
    const me = await browser.call("GET", "/api/v1/me", { headers: { authorization: "Bearer bsk_forged" } });
    expect(me.status).toBe(200);
  });
});

describe("streaming", () => {
  it("uploads 5 MiB: created and completed through the proxy, bytes streamed through it too", async () => {
    const bytes = new Uint8Array(5 * MiB).map((_, i) => i % 251);
    const created = await browser.call("POST", "/api/v1/uploads", {
      body: { name: "big.bin", size: bytes.length, library_id: service.seed.libraries.shared },
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.body.upload_url);

    // The signed URL needs no key; sending it through the proxy proves request bodies stream both ways.
    const put = await browser.call("PUT", `/api${uploadUrl.pathname}${uploadUrl.search}`, {
      rawBody: new Blob([bytes]).stream(),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ number: 1, size: bytes.length });

    const completed = await browser.call("POST", `/api/v1/uploads/${created.body.id}/complete`);
    expect(completed.status).toBe(201);
    expect(completed.body).toMatchObject({ object: "file", size: bytes.length });
  });

  it("accepts a direct PUT to the signed upload_url and completes through the proxy", async () => {
    const bytes = new Uint8Array(5 * MiB).fill(7);
    const created = await browser.call("POST", "/api/v1/uploads", {
      body: { name: "direct.bin", size: bytes.length, library_id: service.seed.libraries.shared },
    });
    const put = await fetch(created.body.upload_url, { method: "PUT", body: bytes });
    expect(put.status).toBe(200);
    await put.arrayBuffer();
    const completed = await browser.call("POST", `/api/v1/uploads/${created.body.id}/complete`);
    expect(completed.status).toBe(201);
  });
});

describe("the API key", () => {
  it("never reached the browser side or the logs in this file", () => {
    const key = service.seed.ownerKey;
    const secret = key.split("_").at(-1)!;
    expect(dashboard.recorder.seen.length).toBeGreaterThan(10);
    expect(dashboard.recorder.contains(key) || dashboard.recorder.contains(secret)).toBe(false);
    expect(dashboard.logLines.length).toBeGreaterThan(0);
    expect(dashboard.logLines.some((line) => line.includes(key) || line.includes(secret))).toBe(false);
  });
});
