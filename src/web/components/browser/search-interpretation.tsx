import type { FileKind } from "../../../contract/files.ts";
import type { listFiles } from "../../../contract/operations/files.ts";
import type { Output } from "../../api/client.ts";
import type { BrowseSearch } from "../../lib/browse-search.ts";
import { formatBytes, formatUtcDate } from "../../lib/format.ts";
import { KIND_LABELS } from "./file-thumb.tsx";
import { interpretationAsFilters } from "./search-as-filters.ts";

type SearchInfo = Output<typeof listFiles>["search"];

/** The read dates, both bounds included: "Nov 23, 2026 – Nov 29, 2026", "since …", "until …". */
export function createdRange(after: string | null, before: string | null): string | null {
  if (after && before) return `${formatUtcDate(after)} – ${formatUtcDate(before)}`;
  if (after) return `since ${formatUtcDate(after)}`;
  if (before) return `until ${formatUtcDate(before)}`;
  return null;
}

/**
 * How the service read a natural-language search ("videos by Ana since March"), when it read more than words, and
 * a button that turns what it read into filter chips, to adjust one by one.
 */
export function SearchInterpretation({
  search,
  onUseAsFilters,
}: {
  search: SearchInfo;
  onUseAsFilters: (patch: Partial<BrowseSearch>) => void;
}) {
  if (!search) return null;
  const i = search.interpreted;
  const parts = [
    i.text && `“${i.text}”`,
    ...i.kinds.map((kind) => (KIND_LABELS[kind as FileKind] ?? kind).toLowerCase()),
    ...i.extensions.map((e) => `.${e}`),
    createdRange(i.created_after, i.created_before),
    i.min_size !== null && `over ${formatBytes(i.min_size)}`,
    i.max_size !== null && `under ${formatBytes(i.max_size)}`,
    ...i.colors,
    i.uploaded_by.length > 0 &&
      `by ${i.uploaded_by.length === 1 ? "1 person" : `${i.uploaded_by.length} people`}`,
  ].filter(Boolean);
  // Keywords alone (lower-cased, punctuation trimmed) are just the query again.
  if (parts.length === (i.text ? 1 : 0)) return null;
  return (
    <span className="ml-2 text-zinc-500 dark:text-zinc-400">
      · Searched for {parts.join(", ")}{" "}
      <button
        type="button"
        className="ml-1 font-medium text-accent-700 hover:underline focus-visible:underline dark:text-accent-400"
        onClick={() => onUseAsFilters(interpretationAsFilters(i))}
      >
        Use as filters
      </button>
    </span>
  );
}
