import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng, uploadBytes } from "../service/testing/content-fixtures.ts";
import { apiClient } from "../service/testing/http-client.ts";
import { startTestService, type TestService } from "../service/testing/test-service.ts";
import { type BffUnderTest, startBffUnderTest } from "./testing/bff-under-test.ts";

let service: TestService;
let dashboard: BffUnderTest;
let token: string;

beforeAll(async () => {
  service = await startTestService();
  dashboard = await startBffUnderTest({
    centralUrl: service.centralUrl,
    apiKey: service.seed.ownerKey,
    password: "pw pw pw pw",
  });
  const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  const file = await uploadBytes(owner, await solidPng(), {
    name: "logo.png",
    library_id: service.seed.libraries.shared,
  });
  const link = await owner("POST", "/v1/shared-links", {
    body: { target: { type: "file", id: file.id }, password: "open sesame" },
  });
  token = link.body.url.split("/s/")[1];
});
afterAll(async () => {
  await dashboard?.close();
  await service?.close();
});

describe("the public proxy for visitor pages", () => {
  it("forwards public paths without a session and without the dashboard's key", async () => {
    const visitor = dashboard.browser();
    const opened = await visitor.call("GET", `/public-api/v1/public/shared-links/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ object: "public_shared_link", password_required: true });
    // The key is never added: a keyed path through the public proxy is refused before it leaves.
    const keyed = await visitor.call("GET", "/public-api/v1/libraries");
    expect(keyed.status).toBe(404);
    const climbing = await visitor.call("GET", "/public-api/v1/public/../libraries");
    expect(climbing.status).toBe(404);
  });

  it("passes the visitor's address on: wrong passwords through it are throttled per visitor", async () => {
    const first = dashboard.browser();
    for (let i = 0; i < 5; i++) {
      const wrong = await first.call("POST", `/public-api/v1/public/shared-links/${token}/unlock`, {
        body: { password: "nope" },
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      expect(wrong.status).toBe(401);
    }
    const throttled = await first.call("POST", `/public-api/v1/public/shared-links/${token}/unlock`, {
      body: { password: "open sesame" },
    });
    expect(throttled.status).toBe(429);
    // The dashboard resolves the client from the socket (it trusts no proxy here), so a forged header changes nothing.
    expect(throttled.body.code).toBe("rate_limited");
  });
});

describe("signed content through the public proxy", () => {
  it("serves a file's bytes at its signed URL, same-origin for the visitor page", async () => {
    const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
    const file = await uploadBytes(owner, await solidPng(), {
      name: "open.png",
      library_id: service.seed.libraries.shared,
    });
    const link = await owner("POST", "/v1/shared-links", {
      body: { target: { type: "file", id: file.id }, access: "download" },
    });
    const visitor = dashboard.browser();
    const shareToken = link.body.url.split("/s/")[1];
    const download = await visitor.call(
      "GET",
      `/public-api/v1/public/shared-links/${shareToken}/files/${file.id}/download`,
    );
    expect(download.status).toBe(200);
    const signed = new URL(download.body.url);
    const bytes = await visitor.call("GET", `/public-api${signed.pathname}${signed.search}`);
    expect(bytes.status, bytes.text).toBe(200);
    expect(bytes.headers.get("content-disposition")).toContain("open.png");
  });

  it("serves a folder share's zip at its signed URL", async () => {
    const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
    const folder = await owner("POST", "/v1/folders", {
      body: { name: "Zip me", library_id: service.seed.libraries.shared },
    });
    await uploadBytes(owner, await solidPng(), { name: "inside.png", folder_id: folder.body.id });
    const link = await owner("POST", "/v1/shared-links", {
      body: { target: { type: "folder", id: folder.body.id }, access: "download" },
    });
    const visitor = dashboard.browser();
    const shareToken = link.body.url.split("/s/")[1];
    const issued = await visitor.call("GET", `/public-api/v1/public/shared-links/${shareToken}/download`);
    expect(issued.status, issued.text).toBe(200);
    const signed = new URL(issued.body.url);
    expect(signed.pathname).toMatch(/^\/v1\/shared-link-content\//);
    const zip = await visitor.call("GET", `/public-api${signed.pathname}${signed.search}`);
    expect(zip.status, zip.text).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.text.startsWith("PK")).toBe(true);
  });
});
