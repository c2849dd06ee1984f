import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let fileId: string;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.editor.email }),
  );
  const shared = service.seed.libraries.shared;
  fileId = (await uploadBytes(owner, await solidPng(), { name: "review.png", library_id: shared })).id;
});
afterAll(() => service?.close());

describe("a comment or reply edit that changes nothing", () => {
  it("the stored text and mentions: 200, edited_at and updated_at as they were, no event", async () => {
    const mentions = [service.seed.users.editor.id, service.seed.users.viewer.id];
    const created = await owner("POST", `/v1/files/${fileId}/comments`, {
      body: { text: "Bigger", mentions },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/files/${fileId}/comments/${created.body.id}`;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", path, {
      body: { text: "Bigger", mentions: [...mentions, mentions[0]] },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(created.body);
    expect(same.body.edited_at).toBeNull();
    expect((await owner("PATCH", path, { body: { text: "Bigger" } })).body).toEqual(created.body);
    expect(await emitted()).toEqual([]);

    const edited = await owner("PATCH", path, { body: { text: "Much bigger" } });
    expect(edited.body.edited_at).not.toBeNull();
    expect(await emitted()).toEqual(["comment.updated"]);
    const again = await owner("PATCH", path, { body: { text: "Much bigger", mentions } });
    expect(again.body).toEqual(edited.body);
    expect((await owner("GET", path)).body.updated_at).toBe(edited.body.updated_at);
    expect(await emitted()).toEqual(["comment.updated"]);
  });

  it("a reply's stored text: 200 unchanged, no event; new mentions are a change", async () => {
    const comment = (await owner("POST", `/v1/files/${fileId}/comments`, { body: { text: "Thread" } })).body;
    const replies = `/v1/files/${fileId}/comments/${comment.id}/replies`;
    const reply = (await owner("POST", replies, { body: { text: "Agreed" } })).body;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", `${replies}/${reply.id}`, { body: { text: "Agreed", mentions: [] } });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(reply);
    expect(await emitted()).toEqual([]);

    const mentioned = await owner("PATCH", `${replies}/${reply.id}`, {
      body: { text: "Agreed", mentions: [service.seed.users.editor.id] },
    });
    expect(mentioned.body.mentions).toEqual([expect.objectContaining({ id: service.seed.users.editor.id })]);
    expect(mentioned.body.edited_at).not.toBeNull();
    expect(await emitted()).toEqual(["reply.updated"]);
  });

  it("a no-op edit by anyone but the author is still 404, and a non-member mention still 400", async () => {
    const comment = (await owner("POST", `/v1/files/${fileId}/comments`, { body: { text: "Mine" } })).body;
    const path = `/v1/files/${fileId}/comments/${comment.id}`;
    const emitted = await watchEvents(service.deps.db);
    expect((await editor("PATCH", path, { body: { text: "Mine" } })).status).toBe(404);
    expect((await owner("PATCH", path, { body: { text: "Mine", mentions: ["usr_nobody"] } })).status).toBe(
      400,
    );
    expect(await emitted()).toEqual([]);
  });
});
