import {
  FILTER_OPS,
  type FilterDocument,
  type FilterOp,
  isObject,
  type PropertyCondition,
} from "./filter-grammar.ts";

export {
  FILTER_OPS,
  FilterDocument,
  type FilterOp,
  filterCount,
  type PropertyCondition,
} from "./filter-grammar.ts";

/** A property condition this dashboard writes and reads back (a single one, or one of a top-level `and`). */
export function isPropertyCondition(node: unknown): node is PropertyCondition {
  if (!isObject(node) || typeof node.property_id !== "string") return false;
  if (!FILTER_OPS.includes(node.op as FilterOp)) return false;
  const { value } = node;
  return (
    value === undefined ||
    typeof value === "string" ||
    typeof value === "boolean" ||
    (Array.isArray(value) && value.every((v) => typeof v === "string"))
  );
}

/**
 * The document's top-level conditions: a single node or the items of a top-level `and`. `conditions` are the
 * property conditions; `others` (nested `or`/`not`, field conditions) are kept as they are when rewritten.
 */
export function conditionsOf(filter: FilterDocument | undefined): {
  conditions: PropertyCondition[];
  others: unknown[];
} {
  if (!filter) return { conditions: [], others: [] };
  const nodes = Array.isArray(filter.and) && Object.keys(filter).length === 1 ? filter.and : [filter];
  return {
    conditions: nodes.filter(isPropertyCondition),
    others: nodes.filter((node) => !isPropertyCondition(node)),
  };
}

/** The document of these nodes combined with AND, or undefined when there are none. */
export function documentOf(conditions: readonly PropertyCondition[], others: readonly unknown[] = []) {
  const nodes = [...conditions, ...others] as FilterDocument[];
  if (nodes.length === 0) return undefined;
  return nodes.length === 1 ? nodes[0] : ({ and: nodes } as FilterDocument);
}

/** The document with `condition` added (an equal one is not added twice). */
export function withCondition(filter: FilterDocument | undefined, condition: PropertyCondition) {
  const { conditions, others } = conditionsOf(filter);
  const same = (c: PropertyCondition) => JSON.stringify(c) === JSON.stringify(condition);
  return documentOf([...conditions.filter((c) => !same(c)), condition], others);
}

/** The document without the property condition at `index` of `conditionsOf(filter).conditions`. */
export function withoutCondition(filter: FilterDocument | undefined, index: number) {
  const { conditions, others } = conditionsOf(filter);
  return documentOf(
    conditions.filter((_, i) => i !== index),
    others,
  );
}
