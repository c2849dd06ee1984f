import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, apiClient } from "../../testing/http-client.ts";
import { sendRaw } from "../../testing/raw-http.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";
import { counterChange } from "../../testing/usage-counter.ts";

let service: TestService;
let central: ApiCall;
let regional: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  central = apiClient(service.centralUrl, service.seed.ownerKey);
  regional = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

const CENTRAL_PATHS = ["/v1/me", "/v1/usage", "/v1/events", "/v1/brandspace", "/v1/members", "/v1/roles"];

describe("central host", () => {
  it("serves the seven central paths", async () => {
    for (const path of CENTRAL_PATHS) {
      const res = await central("GET", path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("deprecation"), path).toBeNull();
    }
    const member = await central("GET", `/v1/members/${service.seed.users.editor.id}`);
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({
      object: "member",
      email: "editor@example.com",
      role: { slug: "editor" },
    });
  });

  it("still serves regional paths, marked deprecated with a Link to the regional host", async () => {
    const res = await central("GET", "/v1/libraries?limit=5");
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBe("true");
    expect(res.headers.get("link")).toBe(`<${service.regionalUrl}/v1/libraries?limit=5>; rel="alternate"`);
    // A target sent with characters a Link's <…> cannot hold: encoded, so the link points at the same request.
    const raw = await sendRaw(
      Number(new URL(service.processUrls.central).port),
      `GET /v1/files?q=a>b"c&limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${service.seed.ownerKey}\r\nConnection: close\r\n\r\n`,
    );
    expect(raw.status).toBe(200);
    expect(raw.headers.link).toBe(`<${service.regionalUrl}/v1/files?q=a%3Eb%22c&limit=1>; rel="alternate"`);
    expect(res.headers.get("sunset")).toBeNull();
  });
});

describe("regional host", () => {
  it("answers central-only paths with 404 naming the central host", async () => {
    for (const path of [...CENTRAL_PATHS, `/v1/members/${service.seed.users.owner.id}`]) {
      const res = await regional("GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found", details: { host: service.centralUrl } });
    }
  });

  it("answers other methods of central-only paths with the same 404, where the central host answers 405", async () => {
    for (const [method, path] of [
      ["POST", "/v1/me"],
      ["DELETE", "/v1/brandspace"],
      ["PUT", `/v1/members/${service.seed.users.owner.id}`],
    ] as const) {
      const res = await regional(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found", details: { host: service.centralUrl } });
      expect((await central(method, path)).status, `${method} ${path} on the central host`).toBe(405);
    }
  });

  it("serves regional paths without deprecation headers", async () => {
    const res = await regional("GET", "/v1/libraries");
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBeNull();
  });

  it("answers 421 misdirected_request from a host of another region, naming the brandspace's host", async () => {
    const euUrl = await service.startRegionalHost("eu");
    const eu = apiClient(euUrl, service.seed.ownerKey);
    const res = await eu("GET", "/v1/libraries");
    expect(res.status).toBe(421);
    expect(res.body).toMatchObject({ code: "misdirected_request", details: { host: service.regionalUrl } });
    expect(res.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
    // Misdirected, an upload or a search counts on sustained and month only.
    const misdirected = async () => {
      expect((await eu("POST", "/v1/uploads", { body: { name: "x.png", size: 1 } })).status).toBe(421);
      expect((await eu("GET", "/v1/files?q=logo")).status).toBe(421);
    };
    for (const counter of ["uploads", "search"] as const)
      expect((await counterChange(central, counter, misdirected)).change, counter).toBe(0);
    const health = await eu("GET", "/v1/health", { key: null });
    expect(health.body).toMatchObject({ plane: "regional", region: "eu" });
  });

  it("serves health and the OpenAPI document on both planes without a key", async () => {
    for (const call of [central, regional]) {
      expect((await call("GET", "/v1/health", { key: null })).status).toBe(200);
      const doc = await call("GET", "/v1/openapi.json", { key: null });
      expect(doc.status).toBe(200);
      expect(doc.body.openapi).toBe("3.1.0");
      expect(doc.body.paths["/v1/me"].get["x-plane"]).toBe("central");
    }
  });
});

describe("sunset", () => {
  it("sends Sunset only when a date is configured", async () => {
    const configured = await startTestService({ env: { SUNSET_DATE: "2027-06-30T00:00:00Z" } });
    try {
      const res = await apiClient(configured.centralUrl, configured.seed.ownerKey)("GET", "/v1/libraries");
      expect(res.headers.get("deprecation")).toBe("true");
      expect(res.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    } finally {
      await configured.close();
    }
  });
});
