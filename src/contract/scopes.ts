import { z } from "zod";

/** Scope areas of the decisions document. A key holds `<area>:read` and/or `<area>:write`. */
export const SCOPE_AREAS = [
  "brandspace",
  "usage",
  "libraries",
  "files",
  "properties",
  "boards",
  "comments",
  "pages",
  "shared_links",
  "transfers",
  "webhooks",
] as const;
export type ScopeArea = (typeof SCOPE_AREAS)[number];

export type Scope = `${ScopeArea}:${"read" | "write"}`;
export const ALL_SCOPES = SCOPE_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`]) as Scope[];
export const ScopeSchema = z.enum(ALL_SCOPES as [Scope, ...Scope[]]);

/** Write implies read: `files:write` satisfies an operation that needs `files:read`. */
export function scopeSatisfied(held: readonly string[], required: Scope): boolean {
  if (held.includes(required)) return true;
  const [area, access] = required.split(":");
  return access === "read" && held.includes(`${area}:write`);
}

/** Parses a comma list of scopes, or `all`; returns the unknown names so a caller can report them. */
export function parseScopeList(text: string): { scopes: Scope[]; unknown: string[] } {
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === "all") return { scopes: [...ALL_SCOPES], unknown: [] };
  const unknown = names.filter((n) => !(ALL_SCOPES as string[]).includes(n));
  const scopes = [...new Set(names.filter((n): n is Scope => (ALL_SCOPES as string[]).includes(n)))];
  return { scopes, unknown };
}
