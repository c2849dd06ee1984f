// biome-ignore lint/style/noRestrictedImports: the test compares docs/api.md on disk; the contract itself stays pure
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allOperations } from "./operations/index.ts";
import {
  ANY_VALID_KEY,
  NO_KEY,
  renderScopeTable,
  replaceScopeTable,
  SCOPE_TABLE_END,
  SCOPE_TABLE_START,
  scopeLabel,
} from "./scope-table.ts";

describe("scope table", () => {
  it("is current in docs/api.md", () => {
    const document = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
    const expected = replaceScopeTable(document, renderScopeTable(allOperations));
    expect(
      document === expected,
      "docs/api.md is out of date with the contract: run `npm run docs:scopes` and commit the result.",
    ).toBe(true);
  });

  it("has one row per operation, naming the scope, any valid key, or none", () => {
    const table = renderScopeTable(allOperations);
    expect(table.split("\n")).toHaveLength(allOperations.length + 2);
    expect(scopeLabel({ auth: "none" })).toBe(NO_KEY);
    expect(scopeLabel({ auth: "key" })).toBe(ANY_VALID_KEY);
    expect(scopeLabel({ auth: "key", scope: "files:read" })).toBe("files:read");
    expect(table).toMatch(/\| GET +\| `\/v1\/me` +\| central +\| any valid key +\|/);
    expect(table).toMatch(/\| GET +\| `\/v1\/health` +\| both +\| none +\|/);
  });

  it("replaces only the text between the markers", () => {
    const document = `# Title\n\n${SCOPE_TABLE_START}\nold\n${SCOPE_TABLE_END}\n\nAfter.\n`;
    expect(replaceScopeTable(document, "new")).toBe(
      `# Title\n\n${SCOPE_TABLE_START}\nnew\n${SCOPE_TABLE_END}\n\nAfter.\n`,
    );
    expect(() => replaceScopeTable("no markers", "new")).toThrow(/scope-table:start/);
  });
});
