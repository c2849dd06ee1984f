import { conditionsOf, documentOf, type FilterDocument } from "../../lib/filter-document.ts";

/**
 * The "equals" conditions of the URL's filter document (one condition, or an `and` of them) by property id.
 * Any other document (hand-written, nested) yields nothing here and is still sent as it is.
 */
export function equalsOf(filter: FilterDocument | undefined): Map<string, string> {
  const { conditions } = conditionsOf(filter);
  return new Map(
    conditions
      .filter((c) => c.op === "eq" && typeof c.value === "string")
      .map((c) => [c.property_id, c.value as string]),
  );
}

/** The filter document of these conditions, or undefined when there are none. */
export function filterOf(equals: ReadonlyMap<string, string>): FilterDocument | undefined {
  return documentOf([...equals].map(([property_id, value]) => ({ property_id, op: "eq" as const, value })));
}

/**
 * The document with the "equals" condition of `propertyId` set to `optionId` (removed when empty); the other
 * conditions (the filter panel's) stay.
 */
export function withEquals(filter: FilterDocument | undefined, propertyId: string, optionId: string) {
  const { conditions, others } = conditionsOf(filter);
  const rest = conditions.filter((c) => !(c.property_id === propertyId && c.op === "eq"));
  const added = optionId ? [{ property_id: propertyId, op: "eq" as const, value: optionId }] : [];
  return documentOf([...rest, ...added], others);
}
