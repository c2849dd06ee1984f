import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { events } from "../db/schema/index.ts";
import { createSignal } from "../platform/signal.ts";
import { createBrandspace, type SeededBrandspace, seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import type { AdminCommand } from "./admin-command.ts";
import { runAdminCommand } from "./run-command.ts";

let database: Database;
let seed: SeededBrandspace;
const signal = createSignal();
let wakeUps = 0;
signal.on("events", () => wakeUps++);
const run = (command: AdminCommand) => runAdminCommand({ db: database.db, signal }, command);

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
});
afterAll(() => database?.close());

const memberEvents = (type: string) =>
  database.db
    .select({ data: events.data, actorType: events.actorType })
    .from(events)
    .where(and(eq(events.brandspaceId, seed.brandspaceId), eq(events.type, type)));

describe("runAdminCommand", () => {
  it("creates a key with only the key on stdout, and lists it without the secret", async () => {
    const created = await run({
      command: "keys create",
      user: "viewer@example.com",
      scopes: ["files:read"],
      name: "reporting",
      legacy: false,
    });
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toMatch(/^bsk_us_[0-9A-Za-z]{40}\n$/);
    expect(created.stderr).toContain("for viewer@example.com in Demo");
    const listed = await run({ command: "keys list" });
    expect(listed.stdout).toMatch(/reporting\s+bsk_us_\w{8}\s+viewer@example.com\s+files:read\s+\d{4}-/);
    expect(listed.stdout).toMatch(/Owner key \(seeded\)\s+bsk_us_\w{8}\s+owner@example.com\s+all\s/);
    expect(listed.stdout).not.toContain(created.stdout.trim());
  });

  it("revokes a key once; a second revoke fails with exit code 1", async () => {
    const created = await run({
      command: "keys create",
      user: "owner@example.com",
      scopes: ["usage:read"],
      name: "t",
      legacy: true,
    });
    expect(created.stdout).toMatch(/^bsk_[0-9A-Za-z]{40}\n$/);
    const id = /Created (key_\w+)/.exec(created.stderr)![1]!;
    expect((await run({ command: "keys revoke", keyId: id })).exitCode).toBe(0);
    expect(await run({ command: "keys revoke", keyId: id })).toEqual({
      stdout: "",
      stderr: `No such active API key: ${id}.\n`,
      exitCode: 1,
    });
  });

  it("fails with exit code 1 for a key of someone who is not a member", async () => {
    const result = await run({
      command: "keys create",
      user: "nobody@example.com",
      scopes: ["files:read"],
      name: "x",
      legacy: false,
    });
    expect(result).toMatchObject({
      exitCode: 1,
      stdout: "",
      stderr: "No such member: nobody@example.com.\n",
    });
  });

  it("adds, re-roles and removes a member, each with its member.* event, and wakes the workers", async () => {
    const before = wakeUps;
    expect((await run({ command: "members add", email: "cy@example.com", role: "commenter" })).exitCode).toBe(
      0,
    );
    expect(
      (await run({ command: "members set-role", email: "cy@example.com", role: "viewer" })).exitCode,
    ).toBe(0);
    expect((await run({ command: "members remove", email: "cy@example.com" })).exitCode).toBe(0);
    expect(wakeUps - before).toBe(3);
    for (const [type, role] of [
      ["member.added", "commenter"],
      ["member.role_changed", "viewer"],
      ["member.removed", "viewer"],
    ] as const) {
      const rows = await memberEvents(type);
      expect(rows).toContainEqual({
        actorType: "system",
        data: expect.objectContaining({ name: "Cy", role }),
      });
    }
  });

  it("answers an unknown role with exit code 2 naming the roles, and changes nothing", async () => {
    const result = await run({ command: "members add", email: "dee@example.com", role: "overlord" });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'Unknown role "overlord". Roles of Demo: owner, admin, editor, commenter, viewer.\n',
    );
    expect(await run({ command: "members remove", email: "dee@example.com" })).toMatchObject({ exitCode: 1 });
  });

  it("fails with exit code 1 on a duplicate member", async () => {
    const result = await run({ command: "members add", email: "editor@example.com", role: "viewer" });
    expect(result).toMatchObject({ exitCode: 1, stderr: "editor@example.com is already a member.\n" });
  });

  it("needs --brandspace once there are several, and rejects an unknown one", async () => {
    const second = await createBrandspace(database.db, { name: "Second", region: "us" });
    const ambiguous = await run({ command: "keys list" });
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toContain("Several brandspaces exist: name one with --brandspace.");
    expect(ambiguous.stderr).toContain(`${second} (Second)`);
    expect(await run({ command: "keys list", brandspace: second })).toMatchObject({ exitCode: 0 });
    expect(await run({ command: "keys list", brandspace: "bsp_nope" })).toMatchObject({ exitCode: 2 });
  });
});
