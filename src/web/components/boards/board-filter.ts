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
export function equalsOf(filter: string | undefined): Map<string, string> {
  if (!filter) return new Map();
  try {
    const doc: unknown = JSON.parse(filter);
    const nodes = isEquals(doc) ? [doc] : ((doc as { and?: unknown[] })?.and ?? []);
    return new Map(nodes.filter(isEquals).map((c) => [c.property_id, c.value]));
  } catch {
    return new Map();
  }
}

/** The filter document of these conditions, or undefined when there are none. */
export function filterOf(equals: ReadonlyMap<string, string>): string | undefined {
  const conditions = [...equals].map(([property_id, value]) => ({ property_id, op: "eq", value }));
  if (conditions.length === 0) return undefined;
  return JSON.stringify(conditions.length === 1 ? conditions[0] : { and: conditions });
}
