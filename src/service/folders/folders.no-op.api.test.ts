import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;
let viewer: ApiCall;
let libraryId: string;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.viewer.email }),
  );
  libraryId = service.seed.libraries.shared;
});
afterAll(() => service?.close());

async function folder(name: string, parentId?: string) {
  const res = await api("POST", "/v1/folders", {
    body: { name, library_id: libraryId, color: "#1a2b3c", ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("a folder write that changes nothing", () => {
  it("stored name and colour: 200 as stored, no event; a rename emits folder.updated", async () => {
    const before = await folder("Same");
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", `/v1/folders/${before.id}`, {
      body: { name: " Same ", color: "#1a2b3c" },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await api("GET", `/v1/folders/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const renamed = await api("PATCH", `/v1/folders/${before.id}`, {
      body: { name: "Other", color: "#1a2b3c" },
    });
    expect(renamed.body.name).toBe("Other");
    expect(await emitted()).toEqual(["folder.updated"]);
  });

  it("a move to where it is: 200 as stored, no event; a real move emits folder.moved", async () => {
    const parent = await folder("Parent");
    const child = await folder("Child", parent.id);
    const top = await folder("Top");
    const emitted = await watchEvents(service.deps.db);
    const stay = await api("POST", `/v1/folders/${child.id}/move`, { body: { folder_id: parent.id } });
    expect(stay.status, stay.text).toBe(200);
    expect(stay.body).toEqual(child);
    const stayTop = await api("POST", `/v1/folders/${top.id}/move`, { body: { library_id: libraryId } });
    expect(stayTop.body).toEqual(top);
    expect(await emitted()).toEqual([]);

    const moved = await api("POST", `/v1/folders/${child.id}/move`, { body: { library_id: libraryId } });
    expect(moved.body).toMatchObject({ parent_id: null });
    expect(await emitted()).toEqual(["folder.moved"]);
  });

  it("a no-op is refused as a change: a viewer's 403, a trashed folder's 409, a cycle's 400", async () => {
    const target = await folder("Guarded");
    const emitted = await watchEvents(service.deps.db);
    expect((await viewer("PATCH", `/v1/folders/${target.id}`, { body: { name: "Guarded" } })).status).toBe(
      403,
    );
    const intoItself = await api("POST", `/v1/folders/${target.id}/move`, { body: { folder_id: target.id } });
    expect(intoItself.status, intoItself.text).toBe(400);
    expect((await api("DELETE", `/v1/folders/${target.id}`)).status).toBe(200);
    expect((await api("PATCH", `/v1/folders/${target.id}`, { body: { name: "Guarded" } })).status).toBe(409);
    expect(await emitted()).toEqual(["folder.trashed"]);
  });
});
