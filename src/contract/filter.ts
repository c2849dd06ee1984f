/** The `filter` document of the file list (decisions: "File list: filter document"): its words and limits. */
export const FILTER_FIELDS = [
  "name",
  "extension",
  "kind",
  "size",
  "created_at",
  "created_by_id",
  "tags",
  "status",
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const FILTER_OPS = [
  "eq",
  "neq",
  "in",
  "nin",
  "contains",
  "gt",
  "gte",
  "lt",
  "lte",
  "is_empty",
  "is_not_empty",
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** Past these a document is a 400; the dashboard drops such a document from its URL instead. */
export const FILTER_LIMITS = { depth: 5, conditions: 50, characters: 4096 } as const;
