import { z } from "zod";
import { BrowseSearch } from "./browse-search.ts";

/** A filter document (the API's `filter`, at most 4,096 characters as JSON text). */
const FilterDocument = z.record(z.string(), z.unknown()).refine((doc) => JSON.stringify(doc).length <= 4096);

/**
 * A board page's URL state: the browse state plus a filter document on the board's values, kept in the URL as
 * the JSON object itself (the router writes objects as JSON), so a link shows the same files.
 */
export const BoardSearch = BrowseSearch.extend({
  filter: FilterDocument.optional().catch(undefined),
});
export type BoardSearch = z.infer<typeof BoardSearch>;
export type FilterDocument = z.infer<typeof FilterDocument>;
