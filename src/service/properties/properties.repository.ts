import { and, asc, count, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { properties, propertyOptions, propertyValues } from "../db/schema/index.ts";
import { writePositions } from "../db/write-positions.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type PropertyRow = typeof properties.$inferSelect;
export type OptionRow = typeof propertyOptions.$inferSelect;

/** Where a property lives: the brandspace (`boardId` null) or one of its boards. */
export interface PropertyScope {
  brandspaceId: string;
  boardId: string | null;
}

const inScope = (scope: PropertyScope) =>
  and(
    eq(properties.brandspaceId, scope.brandspaceId),
    scope.boardId === null ? isNull(properties.boardId) : eq(properties.boardId, scope.boardId),
  );

/** A scope's properties in position order, after an optional (position, id) keyset position. */
export function listPropertyRows(
  db: Db,
  scope: PropertyScope,
  limit: number,
  after: [number, string] | null,
): Promise<PropertyRow[]> {
  return db
    .select()
    .from(properties)
    .where(
      and(
        inScope(scope),
        after
          ? keysetAfter([properties.position, properties.id], [sql`${after[0]}`, sql`${after[1]}`], "asc")
          : undefined,
      ),
    )
    .orderBy(asc(properties.position), asc(properties.id))
    .limit(limit);
}

export async function findPropertyRow(db: Db, scope: PropertyScope, id: string): Promise<PropertyRow | null> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(inScope(scope), eq(properties.id, id)));
  return row ?? null;
}

/** The ids of a scope's properties in position order (for reordering). */
export async function propertyIdsInOrder(db: Db, scope: PropertyScope): Promise<string[]> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(inScope(scope))
    .orderBy(asc(properties.position), asc(properties.id));
  return rows.map((r) => r.id);
}

export async function countProperties(db: Db, scope: PropertyScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(inScope(scope));
  return Number(row?.n ?? 0);
}

export async function nextPropertyPosition(db: Db, scope: PropertyScope): Promise<number> {
  const [row] = await db
    .select({ last: max(properties.position) })
    .from(properties)
    .where(inScope(scope));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function insertPropertyRow(
  db: Db,
  values: typeof properties.$inferInsert,
): Promise<PropertyRow> {
  const [row] = await db.insert(properties).values(values).returning();
  return row!;
}

export async function updatePropertyRow(
  db: Db,
  id: string,
  changes: Partial<Pick<PropertyRow, "name" | "selectionMode" | "hidden">>,
): Promise<PropertyRow> {
  const [row] = await db
    .update(properties)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(properties.id, id))
    .returning();
  return row!;
}

export const writePropertyPositions = (db: Db, scope: PropertyScope, orderedIds: string[]) =>
  writePositions(
    db,
    { table: properties, id: properties.id, position: properties.position, scope: inScope(scope) },
    orderedIds,
  );

export async function deletePropertyRow(db: Db, id: string): Promise<void> {
  await db.delete(properties).where(eq(properties.id, id));
}

export function optionRowsOf(db: Db, propertyIds: string[]): Promise<OptionRow[]> {
  if (propertyIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(propertyOptions)
    .where(inArray(propertyOptions.propertyId, propertyIds))
    .orderBy(asc(propertyOptions.propertyId), asc(propertyOptions.position), asc(propertyOptions.id));
}

export async function findOptionRow(db: Db, propertyId: string, optionId: string): Promise<OptionRow | null> {
  const [row] = await db
    .select()
    .from(propertyOptions)
    .where(and(eq(propertyOptions.propertyId, propertyId), eq(propertyOptions.id, optionId)));
  return row ?? null;
}

export async function insertOptionRows(db: Db, rows: (typeof propertyOptions.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(propertyOptions).values(rows).returning();
}

export async function updateOptionRow(
  db: Db,
  optionId: string,
  changes: Partial<Pick<OptionRow, "label" | "color" | "hidden">>,
): Promise<OptionRow> {
  const [row] = await db
    .update(propertyOptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(propertyOptions.id, optionId))
    .returning();
  return row!;
}

export const writeOptionPositions = (db: Db, propertyId: string, orderedIds: string[]) =>
  writePositions(
    db,
    {
      table: propertyOptions,
      id: propertyOptions.id,
      position: propertyOptions.position,
      scope: eq(propertyOptions.propertyId, propertyId),
    },
    orderedIds,
  );

export async function deleteOptionRow(db: Db, optionId: string): Promise<void> {
  await db.delete(propertyOptions).where(eq(propertyOptions.id, optionId));
}

/**
 * Removes an option from every value that used it: a status value naming it is cleared; a tag list loses the
 * option, and a list left empty is cleared.
 */
export async function clearOptionFromValues(db: Db, propertyId: string, optionId: string) {
  const ref = JSON.stringify([{ option_id: optionId }]);
  await db.execute(sql`
    update ${propertyValues}
    set value = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${propertyValues.value}) e
                 where e->>'option_id' <> ${optionId}),
        updated_at = now()
    where ${propertyValues.propertyId} = ${propertyId} and jsonb_typeof(${propertyValues.value}) = 'array'
      and ${propertyValues.value} @> ${ref}::jsonb`);
  await db.execute(sql`
    delete from ${propertyValues}
    where ${propertyValues.propertyId} = ${propertyId}
      and (${propertyValues.value} = '[]'::jsonb or ${propertyValues.value}->>'option_id' = ${optionId})`);
}

/** How many files hold a value of each property. */
export async function valueCounts(db: Db, propertyIds: string[]): Promise<Map<string, number>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db
    .select({ propertyId: propertyValues.propertyId, n: count() })
    .from(propertyValues)
    .where(inArray(propertyValues.propertyId, propertyIds))
    .groupBy(propertyValues.propertyId);
  return new Map(rows.map((r) => [r.propertyId, Number(r.n)]));
}

/** How many files hold more than one option of a tag property (what a switch to single selection would break). */
export async function countMultiOptionValues(db: Db, propertyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(propertyValues)
    .where(
      and(
        eq(propertyValues.propertyId, propertyId),
        sql`jsonb_typeof(${propertyValues.value}) = 'array' and jsonb_array_length(${propertyValues.value}) > 1`,
      ),
    );
  return Number(row?.n ?? 0);
}
