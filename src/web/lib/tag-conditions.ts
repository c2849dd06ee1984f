import type { FilterDocument } from "./filter-grammar.ts";

/**
 * The browse URL's tags as conditions of the API's filter document ("has this tag", as stored), each required,
 * together with the document the URL holds: added to its `and` when it is one, so that it grows no deeper.
 */
export function withTagConditions(
  filter: FilterDocument | undefined,
  tags: string[] | undefined,
): FilterDocument | undefined {
  if (!tags?.length) return filter;
  const conditions = tags.map((tag) => ({ field: "tags", op: "contains", value: tag }));
  if (!filter) return conditions.length === 1 ? conditions[0] : { and: conditions };
  if (Array.isArray(filter.and)) return { ...filter, and: [...filter.and, ...conditions] };
  return { and: [filter, ...conditions] };
}
