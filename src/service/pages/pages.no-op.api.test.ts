import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let viewer: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  const users = service.seed.users;
  editor = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.editor.email }));
  viewer = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.viewer.email }));
});
afterAll(() => service?.close());

const blocks = [
  { id: "h1", type: "heading", level: 1, text: "Brand guidelines" },
  {
    id: "p1",
    type: "paragraph",
    runs: [
      { text: "Use the ", bold: true },
      { text: "logo", link: "https://x.test" },
    ],
  },
  { id: "d1", type: "divider" },
];

async function page(title: string) {
  const res = await owner("POST", "/v1/pages", {
    body: { title, content: { version: 1, blocks }, library_id: service.seed.libraries.shared },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("a page write that changes nothing", () => {
  it("stored title and content: 200 as stored, no event; new ones emit once each", async () => {
    const before = await page("Guidelines");
    const path = `/v1/pages/${before.id}`;
    const emitted = await watchEvents(service.deps.db);
    // The same document with its keys in another order is the same content.
    const reordered = {
      blocks: blocks.map((block) => Object.fromEntries(Object.entries(block).reverse())),
      version: 1,
    };
    const same = await owner("PATCH", path, { body: { title: " Guidelines ", content: reordered } });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await owner("GET", path)).body.updated_at).toBe(before.updated_at);
    expect((await owner("GET", `/v1/files/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const renamed = await owner("PATCH", path, { body: { title: "Rules", content: { version: 1, blocks } } });
    expect(renamed.body.title).toBe("Rules");
    expect(await emitted()).toEqual(["file.updated"]);
    const saved = await owner("PATCH", path, {
      body: { title: "Rules", content: { version: 1, blocks: [] } },
    });
    expect(saved.body.content.blocks).toEqual([]);
    expect(await emitted()).toEqual(["file.updated", "page.updated"]);
  });

  it("the same content saved by another member is a save: it becomes theirs, with page.updated", async () => {
    const target = await page("Handbook");
    const emitted = await watchEvents(service.deps.db);
    const res = await editor("PATCH", `/v1/pages/${target.id}`, {
      body: { content: { version: 1, blocks } },
    });
    expect(res.status, res.text).toBe(200);
    expect(await emitted()).toEqual(["page.updated"]);
    expect(
      (await editor("PATCH", `/v1/pages/${target.id}`, { body: { content: { version: 1, blocks } } })).body,
    ).toEqual(res.body);
    expect(await emitted()).toEqual(["page.updated"]);
  });

  it("a no-op is refused as a change: 403 without pages.create, 409 in the trash", async () => {
    const target = await page("Guarded");
    const emitted = await watchEvents(service.deps.db);
    expect((await viewer("PATCH", `/v1/pages/${target.id}`, { body: { title: "Guarded" } })).status).toBe(
      403,
    );
    expect((await owner("DELETE", `/v1/pages/${target.id}`)).status).toBe(200);
    expect((await owner("PATCH", `/v1/pages/${target.id}`, { body: { title: "Guarded" } })).status).toBe(409);
    expect(await emitted()).toEqual(["page.deleted"]);
  });
});
