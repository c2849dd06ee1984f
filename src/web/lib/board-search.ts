import type { z } from "zod";
import { BrowseSearch } from "./browse-search.ts";

export type { FilterDocument } from "./filter-document.ts";

/**
 * A board page's URL state: the browse state, whose filter document may also name the board's properties, so a
 * link shows the same files.
 */
export const BoardSearch = BrowseSearch;
export type BoardSearch = z.infer<typeof BoardSearch>;
