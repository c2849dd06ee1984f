import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `(a, b) > (x, y)` (or `<` for descending): the rows strictly after the cursor position, for a keyset whose
 * columns all sort in the same direction and end with a unique column.
 */
export function keysetAfter(columns: SQLWrapper[], values: SQL[], direction: "asc" | "desc"): SQL {
  const op = direction === "asc" ? sql.raw(">") : sql.raw("<");
  return sql`(${sql.join(columns, sql`, `)}) ${op} (${sql.join(values, sql`, `)})`;
}
