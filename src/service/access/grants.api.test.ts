import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../cli/run-command.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let viewer: ApiCall;
let owner: ApiCall;
let editor: ApiCall;
let commenterId: string;

beforeAll(async () => {
  service = await startTestService();
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(["libraries:write", "files:read", "boards:write"], {
      email: "viewer@example.com",
    }),
  );
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(["libraries:write", "boards:write"], { email: "editor@example.com" }),
  );
  await runAdminCommand(
    { db: service.deps.db },
    { command: "members add", email: "cleo@example.com", name: "Cleo", role: "commenter" },
  );
  const members = await apiClient(service.centralUrl, service.seed.ownerKey)("GET", "/v1/members");
  commenterId = members.body.data.find((m: { email: string }) => m.email === "cleo@example.com").id;
});
afterAll(() => service?.close());

const admin = (command: Parameters<typeof runAdminCommand>[1]) =>
  runAdminCommand({ db: service.deps.db }, command);

describe("access grants (npm run admin -- access)", () => {
  it("a grant makes a library visible to the member's keys at its level, a revoke hides it again", async () => {
    const restricted = service.seed.libraries.restricted;
    expect((await viewer("GET", `/v1/libraries/${restricted}`)).status).toBe(404);

    const target = { type: "library" as const, id: restricted };
    const granted = await admin({
      command: "access grant",
      email: "viewer@example.com",
      target,
      level: "view",
    });
    expect(granted.exitCode).toBe(0);
    expect(granted.stderr).toContain("view access to the library “Confidential Launches”");
    expect((await viewer("GET", `/v1/libraries/${restricted}`)).status).toBe(200);
    expect((await viewer("GET", "/v1/libraries")).body.data.map((l: { id: string }) => l.id)).toContain(
      restricted,
    );
    // A view grant allows no change.
    const rename = await viewer("PATCH", `/v1/libraries/${restricted}`, { body: { name: "Renamed" } });
    expect(rename.status).toBe(403);

    const listed = await admin({ command: "access list", email: "viewer@example.com" });
    expect(listed.stdout).toMatch(/^TYPE\s+ID\s+NAME\s+MEMBER\s+ACCESS\n/);
    expect(listed.stdout).toMatch(
      new RegExp(`library\\s+${restricted}\\s+Confidential Launches\\s+viewer@example.com\\s+view`),
    );

    expect((await admin({ command: "access revoke", email: "viewer@example.com", target })).exitCode).toBe(0);
    expect((await viewer("GET", `/v1/libraries/${restricted}`)).status).toBe(404);
    const again = await admin({ command: "access revoke", email: "viewer@example.com", target });
    expect(again).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("No such grant") });
  });

  it("grants a board with its level in my_access, and changes the level in place", async () => {
    const board = service.seed.boards.restricted;
    const target = { type: "board" as const, id: board };
    expect((await viewer("GET", `/v1/boards/${board}`)).status).toBe(404);
    await admin({ command: "access grant", email: "viewer@example.com", target, level: "comment" });
    expect((await viewer("GET", `/v1/boards/${board}`)).body.my_access).toBe("comment");
    await admin({ command: "access grant", email: "viewer@example.com", target, level: "manage" });
    expect((await viewer("GET", `/v1/boards/${board}`)).body.my_access).toBe("manage");
    const all = await admin({ command: "access list" });
    expect(
      all.stdout.match(new RegExp(`board\\s+${board}\\s.*viewer@example.com\\s+manage`, "g")),
    ).toHaveLength(1);
  });

  it("refuses someone who is not a member and an item of no such id", async () => {
    const library = { type: "library" as const, id: service.seed.libraries.shared };
    const stranger = await admin({
      command: "access grant",
      email: "nobody@example.com",
      target: library,
      level: "view",
    });
    expect(stranger).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("No such member") });
    const missing = await admin({
      command: "access grant",
      email: "viewer@example.com",
      target: { type: "board", id: "brd_01ARZ3NDEKTSV4RRFFQ69G5FAV" },
      level: "view",
    });
    expect(missing).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("No such board") });
  });
});

describe("grants through the API (our extension)", () => {
  it("lists, gives, changes and takes access to a library; the member's keys follow at once", async () => {
    const library = (await editor("POST", "/v1/libraries", { body: { name: "Agency handover" } })).body.id;
    const viewerId = service.seed.users.viewer.id;
    const path = `/v1/libraries/${library}/grants`;
    const first = await editor("GET", path);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(first.body.data).toEqual([
      {
        object: "grant",
        user: { id: service.seed.users.editor.id, name: expect.any(String), email: "editor@example.com" },
        access: "manage",
        created_at: expect.stringMatching(/\.\d{3}Z$/),
      },
    ]);
    expect((await viewer("GET", `/v1/libraries/${library}`)).status).toBe(404);

    const given = await editor("PUT", `${path}/${viewerId}`, { body: { access: "comment" } });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ object: "grant", user: { id: viewerId }, access: "comment" });
    expect((await viewer("GET", `/v1/libraries/${library}`)).status).toBe(200);
    // The level changes in place: one grant, the same creation time.
    const changed = await editor("PUT", `${path}/${viewerId}`, { body: { access: "edit" } });
    expect(changed.body).toMatchObject({ access: "edit", created_at: given.body.created_at });
    const listed = await viewer("GET", `${path}?limit=1`);
    expect(listed.body.has_more).toBe(true);
    const rest = await viewer("GET", `${path}?limit=1&cursor=${encodeURIComponent(listed.body.next_cursor)}`);
    expect([...listed.body.data, ...rest.body.data].map((g: { access: string }) => g.access)).toEqual([
      "manage",
      "edit",
    ]);

    const removed = await editor("DELETE", `${path}/${viewerId}`);
    expect(removed.body).toEqual({
      object: "grant",
      id: viewerId,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expect((await viewer("GET", `/v1/libraries/${library}`)).status).toBe(404);
    expect((await editor("DELETE", `${path}/${viewerId}`)).status).toBe(404);
  });

  it("needs manage access to change grants, a member to grant to, and a valid level", async () => {
    const library = service.seed.libraries.shared;
    const path = `/v1/libraries/${library}/grants`;
    const mine = (await viewer("GET", path)).body.data.find(
      (g: { user: { email: string } }) => g.user.email === "viewer@example.com",
    );
    expect(mine.access).not.toBe("manage");
    const denied = await viewer("PUT", `${path}/${commenterId}`, {
      body: { access: "view" },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    expect(
      (await owner("PUT", `${path}/usr_01ARZ3NDEKTSV4RRFFQ69G5FAV`, { body: { access: "view" } })).status,
    ).toBe(404);
    const level = await owner("PUT", `${path}/${commenterId}`, {
      body: { access: "owner" },
    });
    expect(level.status).toBe(400);
    expect(level.body.details.errors[0].param).toBe("access");
    // A library the key cannot see is 404, not 403.
    const hidden = await viewer("GET", `/v1/libraries/${service.seed.libraries.restricted}/grants`);
    expect(hidden.status).toBe(404);
  });

  it("gives access to a board, which my_access shows", async () => {
    const board = service.seed.boards.restricted;
    const viewerId = service.seed.users.viewer.id;
    await owner("DELETE", `/v1/boards/${board}/grants/${viewerId}`);
    expect((await viewer("GET", `/v1/boards/${board}`)).status).toBe(404);
    const given = await owner("PUT", `/v1/boards/${board}/grants/${viewerId}`, { body: { access: "edit" } });
    expect(given.status).toBe(200);
    expect((await viewer("GET", `/v1/boards/${board}`)).body.my_access).toBe("edit");
    const emails = (await viewer("GET", `/v1/boards/${board}/grants`)).body.data.map(
      (g: { user: { email: string } }) => g.user.email,
    );
    expect(emails).toContain("viewer@example.com");
    const scoped = apiClient(service.regionalUrl, await service.createKey(["boards:read"]));
    const write = await scoped("PUT", `/v1/boards/${board}/grants/${viewerId}`, { body: { access: "view" } });
    expect(write.status).toBe(403);
    expect(write.body.details.required_scope).toBe("boards:write");
  });
});
