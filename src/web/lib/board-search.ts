import { z } from "zod";
import { BrowseSearch } from "./browse-search.ts";

/** A board page's URL state: the browse state plus a filter document on the board's values (JSON text). */
export const BoardSearch = BrowseSearch.extend({
  filter: z.string().max(4096).optional().catch(undefined),
});
export type BoardSearch = z.infer<typeof BoardSearch>;
