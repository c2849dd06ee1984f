import { z } from "zod";
import { FILTER_LIMITS, FILTER_OPS, type FilterOp } from "../../contract/filter.ts";

// The part of the filter document the browse route needs at first paint (validating the URL, counting its
// conditions); building and reading conditions is in filter-document.ts, which the on-demand panels load.

export { FILTER_OPS, type FilterOp };

/** One condition on a property's value; `value` is absent for `is_empty` and `is_not_empty`. */
// A type, not an interface, so that a condition is a FilterDocument (a record) as it is.
export type PropertyCondition = {
  property_id: string;
  op: FilterOp;
  value?: string | string[] | boolean;
};

// The service's limits: a deeper, larger or longer document is a 400, so the URL drops it instead.
const MAX_DEPTH = FILTER_LIMITS.depth;
const MAX_CONDITIONS = FILTER_LIMITS.conditions;
const MAX_CHARACTERS = FILTER_LIMITS.characters;

export const isObject = (node: unknown): node is Record<string, unknown> =>
  !!node && typeof node === "object" && !Array.isArray(node);

/** How many conditions the document holds, or null when it is not a document of the grammar within its depth. */
function conditionCount(node: unknown, depth: number): number | null {
  if (!isObject(node)) return null;
  const list = node.and ?? node.or;
  // As the service counts: the groups around a condition, the condition itself not.
  if ((list !== undefined || node.not !== undefined) && depth >= MAX_DEPTH) return null;
  if (list !== undefined) {
    if (!Array.isArray(list) || list.length === 0) return null;
    let total = 0;
    for (const child of list) {
      const count = conditionCount(child, depth + 1);
      if (count === null) return null;
      total += count;
    }
    return total;
  }
  if (node.not !== undefined) return conditionCount(node.not, depth + 1);
  const target = node.property_id ?? node.field;
  return typeof target === "string" && FILTER_OPS.includes(node.op as FilterOp) ? 1 : null;
}

/**
 * A filter document as the URL holds it (the router writes objects as JSON): one of the grammar, within the
 * service's depth, condition and length limits. Anything else is refused, so a hand-edited link still opens.
 */
export const FilterDocument = z.record(z.string(), z.unknown()).refine((doc) => {
  const count = conditionCount(doc, 0);
  return count !== null && count <= MAX_CONDITIONS && JSON.stringify(doc).length <= MAX_CHARACTERS;
});
export type FilterDocument = z.infer<typeof FilterDocument>;

/** How many conditions the active filter holds (the toolbar button's count). */
export const filterCount = (filter: FilterDocument | undefined) =>
  filter ? (conditionCount(filter, 0) ?? 0) : 0;
