import { z } from "zod";
import { FILE_KINDS, FILE_SORTS } from "../../contract/files.ts";
import { FilterDocument } from "./filter-grammar.ts";

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The browse views' URL state: view mode, sort, and filters. Every value is optional and invalid values fall
 * back to their default, so a hand-edited or stale link still opens. `after` and `before` are calendar days
 * (YYYY-MM-DD, inclusive, in the viewer's time zone); sizes are bytes. `filter` is the API's filter document on
 * property values, kept in the URL as the JSON object itself (the router writes objects as JSON).
 */
export const BrowseSearch = z.object({
  view: z.enum(["grid", "list"]).optional().catch(undefined),
  sort: z.enum(FILE_SORTS).optional().catch(undefined),
  order: z.enum(["asc", "desc"]).optional().catch(undefined),
  q: z.string().max(500).optional().catch(undefined),
  kind: z.array(z.enum(FILE_KINDS)).optional().catch(undefined),
  ext: z.array(z.string().max(20)).optional().catch(undefined),
  min_size: z.number().int().min(0).optional().catch(undefined),
  max_size: z.number().int().min(0).optional().catch(undefined),
  after: Day.optional().catch(undefined),
  before: Day.optional().catch(undefined),
  uploader: z.array(z.string()).optional().catch(undefined),
  /** Tags every file shown carries (exactly as stored). */
  tag: z.array(z.string().min(1).max(200)).max(20).optional().catch(undefined),
  filter: FilterDocument.optional().catch(undefined),
});
export type BrowseSearch = z.infer<typeof BrowseSearch>;

/**
 * The order a view shows when its URL names none: names A to Z, dates and sizes newest or largest first. The
 * service's own default is `desc` for every sort, so list calls always send the order.
 */
export function effectiveOrder(search: Pick<BrowseSearch, "sort" | "order">): "asc" | "desc" {
  return search.order ?? (search.sort === "name" ? "asc" : "desc");
}

/** The filter keys of BrowseSearch (what "Clear filters" resets; view and sort stay). */
export const FILTER_KEYS = [
  "kind",
  "ext",
  "min_size",
  "max_size",
  "after",
  "before",
  "uploader",
  "tag",
  "filter",
] as const;

export function hasFilters(search: BrowseSearch): boolean {
  return FILTER_KEYS.some((key) => {
    const value = search[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
}
