import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import { type BrowseSearch, FILTER_KEYS, hasFilters } from "../../lib/browse-search.ts";
import { formatBytes } from "../../lib/format.ts";
import { KIND_LABELS } from "./file-thumb.tsx";
import { FilterChip } from "./filter-chip.tsx";
import type { SetSearch } from "./filters.tsx";
import { PropertyChips } from "./lazy-filters.ts";

interface Chip {
  key: string;
  label: string;
  remove: Partial<BrowseSearch>;
}

function chipsOf(search: BrowseSearch, members: Member[]): Chip[] {
  const without = <T,>(list: T[], value: T) => {
    const rest = list.filter((v) => v !== value);
    return rest.length ? rest : undefined;
  };
  const chips: Chip[] = [];
  for (const kind of search.kind ?? []) {
    chips.push({
      key: `kind:${kind}`,
      label: `Kind: ${KIND_LABELS[kind]}`,
      remove: { kind: without(search.kind!, kind) },
    });
  }
  for (const ext of search.ext ?? []) {
    chips.push({ key: `ext:${ext}`, label: `Extension: ${ext}`, remove: { ext: without(search.ext!, ext) } });
  }
  if (search.min_size !== undefined) {
    chips.push({
      key: "min",
      label: `At least ${formatBytes(search.min_size)}`,
      remove: { min_size: undefined },
    });
  }
  if (search.max_size !== undefined) {
    chips.push({
      key: "max",
      label: `At most ${formatBytes(search.max_size)}`,
      remove: { max_size: undefined },
    });
  }
  if (search.after)
    chips.push({ key: "after", label: `Created since ${search.after}`, remove: { after: undefined } });
  if (search.before)
    chips.push({ key: "before", label: `Created until ${search.before}`, remove: { before: undefined } });
  for (const id of search.uploader ?? []) {
    const name = members.find((m) => m.id === id)?.name ?? "Unknown member";
    chips.push({
      key: `uploader:${id}`,
      label: `Uploaded by ${name}`,
      remove: { uploader: without(search.uploader!, id) },
    });
  }
  for (const tag of search.tag ?? []) {
    chips.push({ key: `tag:${tag}`, label: `Tag: ${tag}`, remove: { tag: without(search.tag!, tag) } });
  }
  return chips;
}

const ignore = () => {};

/** The active filters as removable chips, and a control that clears them all. */
export function FilterChips({
  search,
  setSearch,
  members,
  boardProperties,
}: {
  search: BrowseSearch;
  setSearch: SetSearch;
  members: Member[];
  boardProperties?: Property[];
}) {
  if (!hasFilters(search)) return null;
  const chips = chipsOf(search, members);
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-1.5">
      {chips.map((chip) => (
        <FilterChip key={chip.key} label={chip.label} onRemove={() => setSearch(chip.remove)} />
      ))}
      {search.filter && (
        <PropertyChips
          open
          onOpenChange={ignore}
          filter={search.filter}
          onChange={(filter) => setSearch({ filter })}
          members={members}
          boardProperties={boardProperties}
        />
      )}
      <li>
        <button
          type="button"
          onClick={() => setSearch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))}
          className="h-7 rounded px-2 font-medium text-accent-700 text-xs hover:underline dark:text-accent-100"
        >
          Clear filters
        </button>
      </li>
    </ul>
  );
}
