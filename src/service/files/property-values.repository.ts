import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { properties, propertyOptions, propertyValues } from "../db/schema/index.ts";

export type PropertyDefinition = Pick<
  typeof properties.$inferSelect,
  "id" | "brandspaceId" | "type" | "selectionMode" | "hidden"
>;

/** A property of the brandspace in one scope (`boardId` null: brandspace-wide; else that board's), or null. */
export async function findPropertyDefinition(
  db: Db,
  scope: { brandspaceId: string; boardId: string | null },
  propertyId: string,
): Promise<PropertyDefinition | null> {
  const [property] = await db
    .select({
      id: properties.id,
      brandspaceId: properties.brandspaceId,
      type: properties.type,
      selectionMode: properties.selectionMode,
      hidden: properties.hidden,
    })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.brandspaceId, scope.brandspaceId),
        scope.boardId === null ? isNull(properties.boardId) : eq(properties.boardId, scope.boardId),
      ),
    );
  return property ?? null;
}

export type PropertyInfo = Pick<typeof properties.$inferSelect, "id" | "type" | "boardId">;

/** The properties of the brandspace among these ids (brandspace-wide and board ones). */
export async function findProperties(db: Db, brandspaceId: string, ids: string[]): Promise<PropertyInfo[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: properties.id, type: properties.type, boardId: properties.boardId })
    .from(properties)
    .where(and(eq(properties.brandspaceId, brandspaceId), inArray(properties.id, ids)));
}

/** A property's options: whether each is hidden, by id. */
export async function optionsOf(db: Db, propertyId: string): Promise<Map<string, { hidden: boolean }>> {
  const rows = await db
    .select({ id: propertyOptions.id, hidden: propertyOptions.hidden })
    .from(propertyOptions)
    .where(eq(propertyOptions.propertyId, propertyId));
  return new Map(rows.map((o) => [o.id, { hidden: o.hidden }]));
}

/** Which of `optionIds` are options of one of `propertyIds`, as `property id + " " + option id`. */
export async function knownOptions(db: Db, propertyIds: string[], optionIds: string[]): Promise<Set<string>> {
  if (propertyIds.length === 0 || optionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: propertyOptions.id, propertyId: propertyOptions.propertyId })
    .from(propertyOptions)
    .where(and(inArray(propertyOptions.propertyId, propertyIds), inArray(propertyOptions.id, optionIds)));
  return new Set(rows.map((row) => `${row.propertyId} ${row.id}`));
}

/** A file's stored value for a property, or null when it holds none. */
export async function findPropertyValue(db: Db, fileId: string, propertyId: string): Promise<unknown | null> {
  const [row] = await db
    .select({ value: propertyValues.value })
    .from(propertyValues)
    .where(and(eq(propertyValues.fileId, fileId), eq(propertyValues.propertyId, propertyId)));
  return row?.value ?? null;
}

/** Stores a file's value for a property; a null value removes it. */
export async function savePropertyValue(
  db: Db,
  row: Pick<typeof propertyValues.$inferInsert, "fileId" | "propertyId" | "brandspaceId"> & {
    value: unknown;
  },
) {
  if (row.value === null) {
    await db
      .delete(propertyValues)
      .where(and(eq(propertyValues.fileId, row.fileId), eq(propertyValues.propertyId, row.propertyId)));
    return;
  }
  await db
    .insert(propertyValues)
    .values(row)
    .onConflictDoUpdate({
      target: [propertyValues.fileId, propertyValues.propertyId],
      set: { value: row.value, updatedAt: new Date() },
    });
}
