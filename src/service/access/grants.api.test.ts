import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../cli/run-command.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let viewer: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(["libraries:write", "files:read", "boards:write"], {
      email: "viewer@example.com",
    }),
  );
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
