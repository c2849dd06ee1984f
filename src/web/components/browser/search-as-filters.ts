import { FILE_KINDS, type FileKind } from "../../../contract/files.ts";
import type { listFiles } from "../../../contract/operations/files.ts";
import type { Output } from "../../api/client.ts";
import type { BrowseSearch } from "../../lib/browse-search.ts";

export type Interpretation = NonNullable<Output<typeof listFiles>["search"]>["interpreted"];

const isKind = (kind: string): kind is FileKind => (FILE_KINDS as readonly string[]).includes(kind);

/**
 * A natural-language search turned into the filter chips it stands for: the words that were only words stay the
 * query, and every part the service read becomes its filter. The service's dates are whole UTC days; the chips
 * keep those days. Colours have no chip of their own and stay in the query, where the service reads them again.
 */
export function interpretationAsFilters(i: Interpretation): Partial<BrowseSearch> {
  const q = [i.text, ...i.colors].filter(Boolean).join(" ");
  const kinds = i.kinds.filter(isKind);
  return {
    q: q || undefined,
    ...(kinds.length > 0 ? { kind: kinds } : {}),
    ...(i.extensions.length > 0 ? { ext: i.extensions } : {}),
    ...(i.min_size !== null ? { min_size: i.min_size } : {}),
    ...(i.max_size !== null ? { max_size: i.max_size } : {}),
    ...(i.created_after ? { after: i.created_after.slice(0, 10) } : {}),
    ...(i.created_before ? { before: i.created_before.slice(0, 10) } : {}),
    ...(i.uploaded_by.length > 0 ? { uploader: i.uploaded_by } : {}),
  };
}
