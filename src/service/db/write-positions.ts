import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/**
 * Gives the rows dense positions 0..n-1 in the given order, in one statement, touching only the rows whose
 * position changes (and their `updated_at`). `scope` keeps the update inside the rows' list.
 */
export async function writePositions(
  db: Db,
  target: { table: PgTable; id: PgColumn; position: PgColumn; scope: SQL | undefined },
  orderedIds: string[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  const ordered = sql.join(
    orderedIds.map((id, position) => sql`(${id}, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${target.table} set ${sql.identifier(target.position.name)} = ordered.position, updated_at = now()
    from (values ${ordered}) as ordered(id, position)
    where ${target.id} = ordered.id and ${target.scope ?? sql`true`} and ${target.position} <> ordered.position`);
}
