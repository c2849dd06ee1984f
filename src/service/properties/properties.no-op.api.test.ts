import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;
let editor: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.editor.email }),
  );
});
afterAll(() => service?.close());

async function property(name: string) {
  const res = await api("POST", "/v1/properties", {
    body: { name, type: "tag", options: [{ label: "Red", color: "#ff0000" }, { label: "Blue" }] },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("a property write that changes nothing", () => {
  it("stored fields and position: 200 as stored, no event; a change emits property.updated", async () => {
    const before = await property("Palette");
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", `/v1/properties/${before.id}`, {
      body: { name: " Palette ", selection_mode: "multiple", hidden: false, position: before.position + 10 },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await api("GET", `/v1/properties/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const single = await api("PATCH", `/v1/properties/${before.id}`, { body: { selection_mode: "single" } });
    expect(single.body.selection_mode).toBe("single");
    expect(await emitted()).toEqual(["property.updated"]);
  });

  it("an option's stored fields: 200 as stored, no event; a change emits property.updated", async () => {
    const target = await property("Swatches");
    const [red] = target.options;
    const path = `/v1/properties/${target.id}/options/${red.id}`;
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", path, {
      body: { label: "Red", color: "#ff0000", hidden: false, position: 0 },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(red);
    expect((await api("GET", `/v1/properties/${target.id}`)).body).toEqual(target);
    expect(await emitted()).toEqual([]);

    const renamed = await api("PATCH", path, { body: { label: "Crimson" } });
    expect(renamed.body.label).toBe("Crimson");
    expect(await emitted()).toEqual(["property.updated"]);
  });

  it("a no-op is refused as a change: 403 without properties.manage, 404 for another's option", async () => {
    const target = await property("Guarded");
    const other = await property("Other");
    const emitted = await watchEvents(service.deps.db);
    expect((await editor("PATCH", `/v1/properties/${target.id}`, { body: { name: "Guarded" } })).status).toBe(
      403,
    );
    const [red] = other.options;
    const elsewhere = await api("PATCH", `/v1/properties/${target.id}/options/${red.id}`, {
      body: { label: "Red" },
    });
    expect(elsewhere.status, elsewhere.text).toBe(404);
    expect(await emitted()).toEqual([]);
  });
});
