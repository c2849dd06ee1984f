import type { GrantRow } from "../access/grants.service.ts";
import { formatTable } from "./key-table.ts";

/** A plain-text table of grants: what, which, who, how much. */
export function formatGrantTable(rows: GrantRow[]): string {
  const cells = rows.map((r) => [r.type, r.itemId, r.itemName, r.email, r.access]);
  return formatTable([["TYPE", "ID", "NAME", "MEMBER", "ACCESS"], ...cells]);
}
