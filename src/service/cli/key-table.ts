import { ALL_SCOPES } from "../../contract/scopes.ts";
import type { KeyListRow } from "../keys/keys.repository.ts";
import { displayPrefix } from "../platform/api-keys.ts";

const HEADERS = ["ID", "NAME", "PREFIX", "USER", "SCOPES", "CREATED", "LAST USED", "REVOKED"];

/** A plain-text table of keys: the display prefix only, never the key or its hash. */
export function formatKeyTable(rows: KeyListRow[]): string {
  const cells = rows.map((r) => [
    r.id,
    r.name,
    // The lookup is the secret's first characters, so the display prefix can be rebuilt from it.
    displayPrefix(r.region, r.lookup),
    r.email,
    scopesText(r.scopes),
    when(r.createdAt),
    when(r.lastUsedAt),
    when(r.revokedAt),
  ]);
  return formatTable([HEADERS, ...cells]);
}

export function formatTable(lines: string[][]): string {
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  return lines
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n")
    .concat("\n");
}

function scopesText(scopes: string[]): string {
  return ALL_SCOPES.every((s) => scopes.includes(s)) ? "all" : scopes.join(",");
}

function when(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")}Z` : "-";
}
