import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { imports } from "../db/schema/index.ts";

export type ImportRow = typeof imports.$inferSelect;

export async function insertImport(db: Db, values: typeof imports.$inferInsert): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  return row!;
}

export async function findImport(db: Db, brandspaceId: string, id: string): Promise<ImportRow | null> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.brandspaceId, brandspaceId)));
  return row ?? null;
}

export async function findImportById(db: Db, id: string): Promise<ImportRow | null> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row ?? null;
}

export async function updateImport(
  db: Db,
  id: string,
  changes: Partial<typeof imports.$inferInsert>,
): Promise<ImportRow> {
  const [row] = await db
    .update(imports)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(imports.id, id))
    .returning();
  return row!;
}

/**
 * Starts this import if its turn has come: at most `limit` of the brandspace's imports run at once and the
 * waiting ones start in the order they were made. Serialised per brandspace by an advisory lock, so two workers
 * cannot both take the last slot. The row when it started, else null.
 */
export async function startIfTurn(db: Db, row: ImportRow, limit: number): Promise<ImportRow | null> {
  return db.transaction(async (t) => {
    const tx = t as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`imports:${row.brandspaceId}`}))`);
    const result = await tx.execute(sql`
      select
        (select count(*)::int from imports
          where brandspace_id = ${row.brandspaceId} and status in ('downloading', 'processing')) as running,
        (select count(*)::int from imports
          where brandspace_id = ${row.brandspaceId} and status = 'queued'
            and (created_at, id) < (${row.createdAt}, ${row.id})) as ahead`);
    const [{ running, ahead }] = rowsOf<{ running: number; ahead: number }>(result) as [
      { running: number; ahead: number },
    ];
    if (running + ahead >= limit) return null;
    const [started] = await tx
      .update(imports)
      .set({ status: "downloading", startedAt: new Date(), updatedAt: new Date(), bytesReceived: 0 })
      .where(and(eq(imports.id, row.id), eq(imports.status, "queued")))
      .returning();
    return started ?? null;
  });
}

/** The brandspace's waiting imports, oldest first. */
export function queuedOf(db: Db, brandspaceId: string, limit: number) {
  return db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.brandspaceId, brandspaceId), inArray(imports.status, ["queued"])))
    .orderBy(imports.createdAt, imports.id)
    .limit(limit);
}

export async function recordProgress(db: Db, id: string, bytesReceived: number) {
  await db
    .update(imports)
    .set({ bytesReceived, updatedAt: new Date() })
    .where(and(eq(imports.id, id), eq(imports.status, "downloading")));
}
