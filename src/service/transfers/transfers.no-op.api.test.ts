import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.editor.email }),
  );
});
afterAll(() => service?.close());

const inAWeek = new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000);

describe("a transfer PATCH that changes nothing", () => {
  it("answers the transfer as stored, updated_at unchanged; a password is always a change", async () => {
    const created = await owner("POST", "/v1/transfers", {
      body: { name: "Press", message: "Hi", expires_at: inAWeek.toISOString() },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/transfers/${created.body.id}`;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", path, {
      body: { name: " Press ", message: "Hi", expires_at: inAWeek.toISOString(), password: null },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(created.body);

    const locked = await owner("PATCH", path, { body: { password: "open sesame" } });
    expect(locked.body.password_protected).toBe(true);
    expect(locked.body.updated_at >= created.body.updated_at).toBe(true);
    const cleared = await owner("PATCH", path, { body: { message: null } });
    expect(cleared.body.message).toBeNull();
    expect((await owner("PATCH", path, { body: { message: null } })).body).toEqual(cleared.body);
    expect(await emitted()).toEqual([]);
  });

  it("a no-op on another's transfer is still 404", async () => {
    const created = await owner("POST", "/v1/transfers", { body: { name: "Private" } });
    expect(
      (await editor("PATCH", `/v1/transfers/${created.body.id}`, { body: { name: "Private" } })).status,
    ).toBe(404);
  });
});
