import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
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

async function board(name: string) {
  const res = await api("POST", "/v1/boards", { body: { name, color: "#112233", emoji: "🎯" } });
  expect(res.status, res.text).toBe(201);
  return (await api("PATCH", `/v1/boards/${res.body.id}`, { body: { pinned: true } })).body;
}

describe("a board write that changes nothing", () => {
  it("stored fields and position: 200 as stored, no event; a change emits board.updated", async () => {
    const before = await board("Same");
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", `/v1/boards/${before.id}`, {
      body: { name: "Same", color: "#112233", emoji: "🎯", logo_url: null, pinned: true, position: 1_000 },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await api("GET", `/v1/boards/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const unpinned = await api("PATCH", `/v1/boards/${before.id}`, { body: { name: "Same", pinned: false } });
    expect(unpinned.body.pinned).toBe(false);
    expect(await emitted()).toEqual(["board.updated"]);
    const moved = await api("PATCH", `/v1/boards/${before.id}`, { body: { position: 0 } });
    expect(moved.body.position).toBe(0);
    expect(await emitted()).toEqual(["board.updated", "board.updated"]);
  });

  it("a board property or option PATCH with stored values: 200 unchanged, no event", async () => {
    const target = await board("Properties");
    const created = await api("POST", `/v1/boards/${target.id}/properties`, {
      body: { name: "Stage", type: "status", options: [{ label: "Draft" }, { label: "Final" }] },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/boards/${target.id}/properties/${created.body.id}`;
    const [draft] = created.body.options;
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", path, { body: { name: "Stage", hidden: false, position: 0 } });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(created.body);
    const option = await api("PATCH", `${path}/options/${draft.id}`, {
      body: { label: "Draft", color: draft.color, hidden: false, position: 0 },
    });
    expect(option.status, option.text).toBe(200);
    expect(option.body).toEqual(draft);
    expect((await api("GET", path)).body.updated_at).toBe(created.body.updated_at);
    expect(await emitted()).toEqual([]);

    await api("PATCH", `${path}/options/${draft.id}`, { body: { position: 1 } });
    expect(await emitted()).toEqual(["board.property.updated"]);
  });

  it("setting a board value the file holds writes and emits nothing; a new one emits once", async () => {
    const target = await board("Values");
    const shared = service.seed.libraries.shared;
    const fileId = (await uploadBytes(api, await solidPng(), { name: "on-board.png", library_id: shared }))
      .id;
    await api("POST", `/v1/boards/${target.id}/files`, { body: { file_ids: [fileId] } });
    const property = (
      await api("POST", `/v1/boards/${target.id}/properties`, {
        body: { name: "Approved", type: "checkbox" },
      })
    ).body;
    const path = `/v1/boards/${target.id}/files/${fileId}/properties/${property.id}`;
    const emitted = await watchEvents(service.deps.db);
    const cleared = await api("PUT", path, { body: { value: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await emitted()).toEqual([]);
    expect((await api("PUT", path, { body: { value: false } })).body.checkbox).toBe(false);
    expect(await emitted()).toEqual(["board.file.property_updated"]);
    const again = await api("PUT", path, { body: { value: false } });
    expect(again.body).toMatchObject({ property_id: property.id, checkbox: false });
    expect(await emitted()).toEqual(["board.file.property_updated"]);
  });

  it("a no-op by a caller with view access only is still 403", async () => {
    const shared = service.seed.boards.shared;
    const { name } = (await api("GET", `/v1/boards/${shared}`)).body;
    const emitted = await watchEvents(service.deps.db);
    const res = await viewer("PATCH", `/v1/boards/${shared}`, { body: { name } });
    expect(res.status, res.text).toBe(403);
    expect(await emitted()).toEqual([]);
  });
});
