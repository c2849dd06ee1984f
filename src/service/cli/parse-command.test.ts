import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { parseAdminArgv } from "./parse-command.ts";

const parse = (line: string) => parseAdminArgv(line.split(" ").filter(Boolean));

describe("parseAdminArgv", () => {
  it("parses keys create with a scope list, all, and --legacy", () => {
    expect(parse("keys create --user ana@example.com --scopes files:read,boards:write --name ci")).toEqual({
      kind: "command",
      command: {
        command: "keys create",
        user: "ana@example.com",
        scopes: ["files:read", "boards:write"],
        name: "ci",
        legacy: false,
      },
    });
    const all = parse("keys create --user a@example.com --scopes all --name x --legacy --brandspace bsp_1");
    expect(all).toMatchObject({ command: { scopes: ALL_SCOPES, legacy: true, brandspace: "bsp_1" } });
  });

  it("parses the member commands and keys revoke", () => {
    expect(parse("members add --email bo@example.com --role viewer")).toMatchObject({
      command: { command: "members add", email: "bo@example.com", role: "viewer" },
    });
    expect(parse("members set-role --email bo@example.com --role admin")).toMatchObject({
      command: { command: "members set-role", role: "admin" },
    });
    expect(parse("keys revoke key_123")).toMatchObject({
      command: { command: "keys revoke", keyId: "key_123" },
    });
  });

  it("parses the access commands: exactly one of --library and --board, a known level", () => {
    expect(parse("access grant --email bo@example.com --library lib_1 --level edit")).toEqual({
      kind: "command",
      command: {
        command: "access grant",
        email: "bo@example.com",
        target: { type: "library", id: "lib_1" },
        level: "edit",
      },
    });
    expect(parse("access revoke --email bo@example.com --board brd_1")).toMatchObject({
      command: { command: "access revoke", target: { type: "board", id: "brd_1" } },
    });
    expect(parse("access list")).toMatchObject({ command: { command: "access list" } });
    for (const line of [
      "access grant --email bo@example.com --level view",
      "access grant --email bo@example.com --library lib_1 --board brd_1 --level view",
    ]) {
      expect(parse(line)).toEqual({
        kind: "usage",
        message: "access grant: name exactly one of --library <id> and --board <id>.",
      });
    }
    expect(parse("access grant --email bo@example.com --board brd_1 --level owner")).toMatchObject({
      kind: "usage",
      message: expect.stringContaining("--level"),
    });
  });

  it("parses backup and restore with absolute paths, as the running service may have another directory", () => {
    expect(parse("backup --to backups")).toEqual({
      kind: "command",
      command: { command: "backup", to: path.resolve("backups") },
    });
    expect(parse("restore --from /tmp/b.tar --replace")).toEqual({
      kind: "command",
      command: { command: "restore", from: "/tmp/b.tar", replace: true },
    });
    expect(parse("restore --from b.tar")).toMatchObject({ command: { replace: false } });
    expect(parse("backup")).toMatchObject({ kind: "usage", message: "backup: missing --to." });
  });

  it("answers help for help, --help and -h after a command", () => {
    for (const line of ["help", "--help", "keys list -h"]) expect(parse(line)).toEqual({ kind: "help" });
  });

  it.each([
    ["", "No command given."],
    ["keys rotate", 'Unknown command "keys rotate".'],
    ["keys create --user a@example.com --name x", "keys create: missing --scopes."],
    [
      "keys create --user a@example.com --scopes files:reed,nope --name x",
      "unknown scopes files:reed, nope.",
    ],
    ["keys create --user not-an-email --scopes all --name x", "--user: Invalid email address."],
    ["keys list --role admin", "Unknown option '--role'"],
    ["keys revoke", "keys revoke: expects one <id>."],
    ["members add --email a@example.com --role", "argument missing"],
  ])("rejects %j as a usage error", (line, message) => {
    const parsed = parse(line);
    expect(parsed.kind).toBe("usage");
    expect((parsed as { message: string }).message).toContain(message);
  });
});
