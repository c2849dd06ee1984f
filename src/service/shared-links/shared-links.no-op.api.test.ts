import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let viewer: ApiCall;
let libraryId: string;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.viewer.email }),
  );
  libraryId = service.seed.libraries.shared;
});
afterAll(() => service?.close());

const inAWeek = new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000);

async function share(body: Record<string, unknown> = {}) {
  const res = await owner("POST", "/v1/shared-links", {
    body: {
      target: { type: "library", id: libraryId },
      access: "comment",
      expires_at: inAWeek.toISOString(),
      ...body,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("a shared link write that changes nothing", () => {
  it("stored settings: 200 as stored, no event; a change emits shared_link.updated", async () => {
    const before = await share();
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", `/v1/shared-links/${before.id}`, {
      body: {
        access: "comment",
        // The same instant, written another way.
        expires_at: inAWeek.toISOString().replace(".000Z", "+00:00"),
        password: null,
        anonymous_comments: false,
        show_versions: false,
        show_properties: false,
        display_mode: "grid",
        board_views: { allowed: ["gallery", "list"], default: "gallery" },
      },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await owner("GET", `/v1/shared-links/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const changed = await owner("PATCH", `/v1/shared-links/${before.id}`, { body: { access: "view" } });
    expect(changed.body.access).toBe("view");
    expect(await emitted()).toEqual(["shared_link.updated"]);
  });

  it("a password sent is always a change (only its hash is kept); clearing none is not", async () => {
    const link = await share();
    const path = `/v1/shared-links/${link.id}`;
    const emitted = await watchEvents(service.deps.db);
    expect((await owner("PATCH", path, { body: { password: "open sesame" } })).status).toBe(200);
    expect((await owner("PATCH", path, { body: { password: "open sesame" } })).status).toBe(200);
    expect(await emitted()).toEqual(["shared_link.updated", "shared_link.updated"]);
    expect((await owner("PATCH", path, { body: { password: null } })).status).toBe(200);
    expect((await owner("PATCH", path, { body: { password: null } })).status).toBe(200);
    expect(await emitted()).toEqual(["shared_link.updated", "shared_link.updated", "shared_link.updated"]);
  });

  it("a no-op by someone who may not change the link is still 403", async () => {
    const link = await share();
    const emitted = await watchEvents(service.deps.db);
    const res = await viewer("PATCH", `/v1/shared-links/${link.id}`, { body: { access: "comment" } });
    expect(res.status, res.text).toBe(403);
    expect(await emitted()).toEqual([]);
  });
});
