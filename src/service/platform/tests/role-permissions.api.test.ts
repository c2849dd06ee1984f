import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../../contract/scopes.ts";
import { libraryGrants } from "../../db/schema/index.ts";
import { solidPng, uploadBytes } from "../../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

/**
 * The seeded roles' permissions bound what a key can do on items it can see: a viewer given an `edit` grant on a
 * library still cannot edit or delete there, read usage, or read webhooks (403 forbidden, never 404).
 */
let service: TestService;
let owner: ApiCall;
let viewer: ApiCall;
let editor: ApiCall;
let libraryId: string;
let fileId: string;
let folderId: string;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  const library = await owner("POST", "/v1/libraries", { body: { name: `Roles ${Date.now()}` } });
  libraryId = library.body.id;
  const users = service.seed.users;
  await service.deps.db.insert(libraryGrants).values([
    { libraryId, userId: users.viewer.id, access: "edit" },
    { libraryId, userId: users.editor.id, access: "edit" },
  ]);
  viewer = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.viewer.email }));
  editor = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.editor.email }));
  fileId = (await uploadBytes(owner, await solidPng(), { name: "role.png", library_id: libraryId })).id;
  folderId = (await owner("POST", "/v1/folders", { body: { name: "Team", library_id: libraryId } })).body.id;
});
afterAll(() => service?.close());

function expectForbidden(res: { status: number; body: { code?: string; message?: string } }, says: RegExp) {
  expect(res.status).toBe(403);
  expect(res.body.code).toBe("forbidden");
  expect(res.body.message).toMatch(says);
}

describe("files.edit and files.delete", () => {
  it("a viewer with an edit grant can read the file but not rename, move, trash or delete it", async () => {
    expect((await viewer("GET", `/v1/files/${fileId}`)).status).toBe(200);
    expectForbidden(await viewer("PATCH", `/v1/files/${fileId}`, { body: { name: "x.png" } }), /edit files/);
    expectForbidden(
      await viewer("POST", `/v1/files/${fileId}/move`, { body: { folder_id: folderId } }),
      /edit files/,
    );
    expectForbidden(await viewer("DELETE", `/v1/files/${fileId}`), /delete/);
    expectForbidden(
      await viewer("POST", "/v1/folders", { body: { name: "N", library_id: libraryId } }),
      /folders/,
    );
    expectForbidden(await viewer("DELETE", `/v1/folders/${folderId}`), /delete/);
    const file = await owner("GET", `/v1/files/${fileId}`);
    expect(file.body).toMatchObject({ name: "role.png", trashed_at: null });
  });

  it("an editor with the same grant can", async () => {
    expect((await editor("PATCH", `/v1/files/${fileId}`, { body: { name: "renamed.png" } })).status).toBe(
      200,
    );
    expect((await editor("DELETE", `/v1/files/${fileId}`)).status).toBe(200);
    expect((await editor("POST", `/v1/files/${fileId}/restore`)).status).toBe(200);
  });

  it("an invisible file is still 404, not 403", async () => {
    const hidden = await owner("POST", "/v1/libraries", { body: { name: `Hidden ${Date.now()}` } });
    const file = await uploadBytes(owner, await solidPng(), { name: "h.png", library_id: hidden.body.id });
    expect((await viewer("PATCH", `/v1/files/${file.id}`, { body: { name: "y.png" } })).status).toBe(404);
  });
});

describe("usage.view and webhooks.manage", () => {
  it("usage needs usage.view: editors read it, viewers get 403", async () => {
    const viewerKey = await service.createKey(["usage:read"], { email: service.seed.users.viewer.email });
    const editorKey = await service.createKey(["usage:read"], { email: service.seed.users.editor.email });
    expectForbidden(await apiClient(service.centralUrl, viewerKey)("GET", "/v1/usage"), /usage/);
    expect((await apiClient(service.centralUrl, editorKey)("GET", "/v1/usage")).status).toBe(200);
  });

  it("webhook endpoints, deliveries and replays are read only with webhooks.manage", async () => {
    const created = await owner("POST", "/v1/webhooks", {
      body: { url: "https://hooks.brandspace.invalid/receiver", events: ["webhook.test"], enabled: false },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expectForbidden(await viewer("GET", "/v1/webhooks"), /webhooks/);
    expectForbidden(await viewer("GET", `/v1/webhooks/${id}`), /webhooks/);
    expectForbidden(await viewer("GET", `/v1/webhooks/${id}/deliveries`), /webhooks/);
    // The same answer for an id that names no endpoint: a viewer cannot tell which ids exist.
    expectForbidden(await viewer("GET", "/v1/webhooks/whk_01ARZ3NDEKTSV4RRFFQ69G5FAV"), /webhooks/);
    expect((await owner("GET", "/v1/webhooks/whk_01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    expectForbidden(await editor("GET", "/v1/webhooks"), /webhooks/);
    expect((await owner("GET", `/v1/webhooks/${id}/deliveries`)).status).toBe(200);
  });
});
