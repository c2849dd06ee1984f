import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { FAST_WEBHOOK_ENV } from "./webhooks-test-kit.ts";

let service: TestService;
let api: ApiCall;
const url = "http://127.0.0.1:9/hook";

beforeAll(async () => {
  service = await startTestService({ env: FAST_WEBHOOK_ENV });
  api = apiClient(service.regionalUrl, await service.createKey(["webhooks:write"]));
});
afterAll(() => service?.close());

describe("a webhook endpoint PATCH that changes nothing", () => {
  it("answers the endpoint as stored, updated_at unchanged; a change still applies", async () => {
    const created = await api("POST", "/v1/webhooks", {
      body: { url, events: ["file.created", "library.created"], description: "CI" },
    });
    expect(created.status, created.text).toBe(201);
    const { secret: _secret, ...before } = created.body;
    const path = `/v1/webhooks/${before.id}`;
    const same = await api("PATCH", path, {
      body: {
        url,
        events: ["file.created", "library.created", "file.created"],
        description: "CI",
        enabled: true,
      },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);

    const disabled = await api("PATCH", path, { body: { enabled: false } });
    expect(disabled.body).toMatchObject({ enabled: false, disabled_reason: "manual" });
    const again = await api("PATCH", path, { body: { enabled: false, description: "CI" } });
    expect(again.body).toEqual(disabled.body);
  });
});
