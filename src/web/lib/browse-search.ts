import { z } from "zod";
import { FILE_KINDS, FILE_SORTS } from "../../contract/files.ts";

/**
 * The browse views' URL state: view mode, sort, and filters. Every value is optional and invalid values fall
 * back to their default, so a hand-edited or stale link still opens.
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
  after: z.string().optional().catch(undefined),
  before: z.string().optional().catch(undefined),
  uploader: z.array(z.string()).optional().catch(undefined),
});
export type BrowseSearch = z.infer<typeof BrowseSearch>;
