import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

const lines: string[] = [];
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => service?.close());

describe("request logs", () => {
  it("log one structured line per request with request id, key, brandspace, status and duration", async () => {
    const res = await apiClient(service.centralUrl, service.seed.ownerKey)("GET", "/v1/me");
    const requestId = res.headers.get("x-request-id");
    const entry = await vi.waitFor(() => {
      const found = lines
        .map((l) => JSON.parse(l))
        .find((l) => l.request_id === requestId && l.msg === "request");
      if (!found) throw new Error(`no request line for ${requestId} yet`);
      return found;
    });
    expect(entry).toMatchObject({
      method: "GET",
      path: "/v1/me",
      status: 200,
      key_id: res.body.key.id,
      brandspace_id: service.seed.brandspaceId,
      plane: "central",
    });
    expect(entry.duration_ms).toEqual(expect.any(Number));
  });

  it("never contain a key or an Authorization header, even for failures", async () => {
    const central = apiClient(service.centralUrl);
    const bogus = `bsk_us_${"Z".repeat(40)}`;
    await central("GET", "/v1/me", { key: bogus });
    await central("GET", "/v1/me", { key: service.seed.ownerKey });
    await central("POST", "/v1/me", { key: service.seed.ownerKey, body: { secret: "s" } });
    // Logged lines may arrive after the answers (from another process, in scale-out runs): wait for them.
    const statuses = () =>
      lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.msg === "request")
        .map((l) => l.status);
    await vi.waitFor(() => expect(statuses()).toEqual(expect.arrayContaining([401, 405])));
    const text = lines.join("\n");
    expect(text).not.toContain(bogus);
    expect(text).not.toContain(service.seed.ownerKey);
    expect(text.toLowerCase()).not.toContain("bearer");
  });

  it("never contain a public link's token: it alone opens the link", async () => {
    const token = "pzmmf6jvrOpHyJP5wstW0Yw78Nb1token";
    const res = await apiClient(service.regionalUrl)("GET", `/v1/public/shared-links/${token}/files`);
    expect(res.status).toBe(404);
    const requestId = res.headers.get("x-request-id");
    const entry = await vi.waitFor(() => {
      const found = lines.map((l) => JSON.parse(l)).find((l) => l.request_id === requestId);
      if (!found) throw new Error(`no request line for ${requestId} yet`);
      return found;
    });
    expect(entry.path).toBe("/v1/public/shared-links/[token]/files");
    expect(lines.join("\n")).not.toContain(token);
  });
});
