import type { Operation } from "./operation.ts";

export const ANY_VALID_KEY = "any valid key";
export const NO_KEY = "none";

/** What a caller needs for an operation: a scope, any valid key, or no key at all. */
export function scopeLabel(operation: Pick<Operation, "auth" | "scope">): string {
  if (operation.auth === "none") return NO_KEY;
  return operation.scope ?? ANY_VALID_KEY;
}

/**
 * The scope table of docs/api.md: one row per operation, in documentation order. Columns are padded the way the
 * Markdown formatter (Biome) pads them, so that formatting docs/api.md never makes the table look out of date.
 */
export function renderScopeTable(operations: readonly Operation[]): string {
  const rows = operations.map((op) => {
    const scope = scopeLabel(op);
    const cell = scope === ANY_VALID_KEY || scope === NO_KEY ? scope : `\`${scope}\``;
    return [op.method, `\`${op.path}\``, op.plane, cell];
  });
  const header = ["Method", "Path", "Plane", "Scope"];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export const SCOPE_TABLE_START = "<!-- scope-table:start -->";
export const SCOPE_TABLE_END = "<!-- scope-table:end -->";

/** Replaces the text between the scope-table markers; throws when the markers are missing or out of order. */
export function replaceScopeTable(document: string, table: string): string {
  const start = document.indexOf(SCOPE_TABLE_START);
  const end = document.indexOf(SCOPE_TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`The document needs ${SCOPE_TABLE_START} and then ${SCOPE_TABLE_END}.`);
  }
  return `${document.slice(0, start + SCOPE_TABLE_START.length)}\n${table}\n${document.slice(end)}`;
}
