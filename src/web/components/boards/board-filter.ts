import type { FilterDocument } from "../../lib/board-search.ts";

/** A board property condition of the filter document: files whose value of `property_id` is `value`. */
interface Equals {
  property_id: string;
  op: "eq";
  value: string;
}

const isEquals = (node: unknown): node is Equals =>
  !!node &&
  typeof node === "object" &&
  (node as Equals).op === "eq" &&
  typeof (node as Equals).property_id === "string" &&
  typeof (node as Equals).value === "string";

/**
 * The "equals" conditions of the URL's filter document (one condition, or an `and` of them) by property id.
 * Any other document (hand-written, nested) yields nothing here and is still sent as it is.
 */
export function equalsOf(filter: FilterDocument | undefined): Map<string, string> {
  if (!filter) return new Map();
  const and = (filter as { and?: unknown }).and;
  const nodes = isEquals(filter) ? [filter] : Array.isArray(and) ? and : [];
  return new Map(nodes.filter(isEquals).map((c) => [c.property_id, c.value]));
}

/** The filter document of these conditions, or undefined when there are none. */
export function filterOf(equals: ReadonlyMap<string, string>): FilterDocument | undefined {
  const conditions = [...equals].map(([property_id, value]) => ({ property_id, op: "eq", value }));
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : { and: conditions };
}
