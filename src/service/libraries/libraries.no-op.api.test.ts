import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;
let viewer: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.viewer.email }),
  );
});
afterAll(() => service?.close());

describe("a library write that changes nothing", () => {
  it("stored name and description: 200 as stored, no event; a change emits library.updated", async () => {
    const before = (await api("POST", "/v1/libraries", { body: { name: "Same", description: "Kept" } })).body;
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", `/v1/libraries/${before.id}`, {
      body: { name: " Same ", description: "Kept" },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await api("GET", `/v1/libraries/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const cleared = await api("PATCH", `/v1/libraries/${before.id}`, {
      body: { name: "Same", description: null },
    });
    expect(cleared.body).toMatchObject({ name: "Same", description: null });
    expect(await emitted()).toEqual(["library.updated"]);
    expect((await api("PATCH", `/v1/libraries/${before.id}`, { body: { description: null } })).status).toBe(
      200,
    );
    expect(await emitted()).toEqual(["library.updated"]);
  });

  it("a no-op is refused as a change: a viewer's 403, an unknown library's 404", async () => {
    const shared = service.seed.libraries.shared;
    const { name } = (await api("GET", `/v1/libraries/${shared}`)).body;
    const emitted = await watchEvents(service.deps.db);
    expect((await viewer("PATCH", `/v1/libraries/${shared}`, { body: { name } })).status).toBe(403);
    expect((await api("PATCH", "/v1/libraries/lib_unknown", { body: { name } })).status).toBe(404);
    expect(await emitted()).toEqual([]);
  });
});
