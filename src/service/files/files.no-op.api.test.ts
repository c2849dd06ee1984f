import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;
let viewer: ApiCall;
let libraryId: string;
let folderId: string;

beforeAll(async () => {
  // Processed before the tests read it: processing changes a file's row, which would blur what a request did.
  service = await startTestService({ workers: true });
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.viewer.email }),
  );
  libraryId = service.seed.libraries.shared;
  folderId = (await api("POST", "/v1/folders", { body: { name: "Kept", library_id: libraryId } })).body.id;
});
afterAll(() => service?.close());

async function file(name: string, place: Record<string, string>) {
  const id = (await uploadBytes(api, await solidPng(), { name, ...place })).id as string;
  await waitUntilProcessed(api, id);
  const tagged = await api("PATCH", `/v1/files/${id}`, { body: { tags: ["brand", "dark"] } });
  expect(tagged.status, tagged.text).toBe(200);
  return tagged.body;
}

describe("a file write that changes nothing", () => {
  it("stored name, tags (trimmed, deduplicated) and published: 200 as stored, no event", async () => {
    const before = await file("same.png", { library_id: libraryId });
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", `/v1/files/${before.id}`, {
      body: { name: "same.png", tags: [" brand", "brand", "dark "], published: false },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await api("GET", `/v1/files/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const renamed = await api("PATCH", `/v1/files/${before.id}`, {
      body: { name: "other.png", tags: ["brand", "dark"] },
    });
    expect(renamed.body).toMatchObject({ name: "other.png", tags: ["brand", "dark"] });
    expect(await emitted()).toEqual(["file.updated"]);
  });

  it("a move to where it is: 200 as stored, no event; a real move emits file.moved", async () => {
    const top = await file("top.png", { library_id: libraryId });
    const inFolder = await file("in-folder.png", { folder_id: folderId });
    const emitted = await watchEvents(service.deps.db);
    const stay = await api("POST", `/v1/files/${top.id}/move`, { body: { library_id: libraryId } });
    expect(stay.status, stay.text).toBe(200);
    expect(stay.body).toEqual(top);
    const stayInFolder = await api("POST", `/v1/files/${inFolder.id}/move`, {
      body: { folder_id: folderId },
    });
    expect(stayInFolder.body).toEqual(inFolder);
    expect(await emitted()).toEqual([]);

    const moved = await api("POST", `/v1/files/${inFolder.id}/move`, { body: { library_id: libraryId } });
    expect(moved.body).toMatchObject({ folder_id: null });
    expect(await emitted()).toEqual(["file.moved"]);
  });

  it("a no-op is refused as a change: a viewer's 403, a trashed file's 409", async () => {
    const target = await file("guarded.png", { library_id: libraryId });
    const emitted = await watchEvents(service.deps.db);
    const forbidden = await viewer("PATCH", `/v1/files/${target.id}`, { body: { name: "guarded.png" } });
    expect(forbidden.status, forbidden.text).toBe(403);
    expect((await api("DELETE", `/v1/files/${target.id}`)).status).toBe(200);
    const trashed = await api("PATCH", `/v1/files/${target.id}`, { body: { name: "guarded.png" } });
    expect(trashed.status, trashed.text).toBe(409);
    expect(
      (await api("POST", `/v1/files/${target.id}/move`, { body: { library_id: libraryId } })).status,
    ).toBe(409);
    expect(await emitted()).toEqual(["file.trashed"]);
  });

  it("setting the value a file holds, or clearing an empty one, writes and emits nothing", async () => {
    const target = await file("valued.png", { library_id: libraryId });
    const property = await api("POST", "/v1/properties", { body: { name: "Caption", type: "text" } });
    expect(property.status, property.text).toBe(201);
    const path = `/v1/files/${target.id}/properties/${property.body.id}`;
    const emitted = await watchEvents(service.deps.db);
    const cleared = await api("PUT", path, { body: { value: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ property_id: property.body.id, text: null });
    expect(await emitted()).toEqual([]);

    expect((await api("PUT", path, { body: { value: "Hero shot" } })).body.text).toBe("Hero shot");
    expect(await emitted()).toEqual(["property.value_updated"]);
    const stored = (await api("GET", `/v1/files/${target.id}`)).body;
    const again = await api("PUT", path, { body: { value: "Hero shot" } });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ property_id: property.body.id, type: "text", text: "Hero shot" });
    expect((await api("GET", `/v1/files/${target.id}`)).body.updated_at).toBe(stored.updated_at);
    expect(await emitted()).toEqual(["property.value_updated"]);
  });
});
