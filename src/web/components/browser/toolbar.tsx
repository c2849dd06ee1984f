import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List } from "lucide-react";
import type { ReactNode } from "react";
import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import { type BrowseSearch, effectiveOrder } from "../../lib/browse-search.ts";
import { cn } from "../../lib/cn.ts";
import { useSideScrollFades } from "../../lib/use-side-scroll-fades.ts";
import type { FileSort } from "./file-cell.ts";
import { FilterChips } from "./filter-chips.tsx";
import {
  DateFilter,
  ExtensionFilter,
  KindFilter,
  PropertyFilter,
  type SetSearch,
  SizeFilter,
  TagFilter,
  UploaderFilter,
} from "./filters.tsx";

const SORT_LABELS: Record<FileSort, string> = { created_at: "Date created", name: "Name", size: "Size" };

function ViewToggle({ view, setSearch }: { view: "grid" | "list"; setSearch: SetSearch }) {
  const item = (value: "grid" | "list", label: string, icon: ReactNode) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={view === value}
      onClick={() => setSearch({ view: value === "grid" ? undefined : value })}
      className={cn(
        "flex size-8 items-center justify-center",
        view === value
          ? "bg-zinc-200 text-zinc-950 dark:bg-zinc-700 dark:text-white"
          : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800",
      )}
    >
      {icon}
    </button>
  );
  return (
    <fieldset className="flex overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700">
      <legend className="sr-only">View</legend>
      {item("grid", "Grid view", <LayoutGrid className="size-4" aria-hidden="true" />)}
      {item("list", "List view", <List className="size-4" aria-hidden="true" />)}
    </fieldset>
  );
}

function SortControls({ search, setSearch }: { search: BrowseSearch; setSearch: SetSearch }) {
  const relevance = !!search.q && !search.sort;
  const order = effectiveOrder(search);
  return (
    <div className="flex items-center gap-1">
      <select
        aria-label="Sort by"
        value={search.sort ?? (relevance ? "" : "created_at")}
        onChange={(e) =>
          setSearch({ sort: (e.target.value || undefined) as FileSort | undefined, order: undefined })
        }
        className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {search.q && <option value="">Relevance</option>}
        {(Object.keys(SORT_LABELS) as FileSort[]).map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key]}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={relevance}
        aria-label={
          order === "asc" ? "Ascending order, switch to descending" : "Descending order, switch to ascending"
        }
        title={order === "asc" ? "Ascending" : "Descending"}
        onClick={() => setSearch({ order: order === "asc" ? "desc" : "asc" })}
        className="flex size-8 items-center justify-center rounded-md border border-zinc-300 text-zinc-700 hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {order === "asc" ? (
          <ArrowUpNarrowWide className="size-4" aria-hidden="true" />
        ) : (
          <ArrowDownWideNarrow className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

/**
 * The browse toolbar, sticky over the scrolling files: a summary, the filters, sort and the view toggle, and
 * below them the active filters as chips. On a phone it scrolls away with the files instead, which need the
 * height, and its filters take one line that scrolls sideways.
 */
export function Toolbar({
  search,
  setSearch,
  members,
  summary,
  boardProperties,
  listColumns,
  libraryId,
}: {
  search: BrowseSearch;
  setSearch: SetSearch;
  /** Members for the uploader filter; null when the key cannot list them. */
  members: Member[] | null;
  summary: ReactNode;
  /** A board page's own properties, which the property filter offers too. */
  boardProperties?: Property[];
  /** The list view's column picker, beside the view toggle while the list shows. */
  listColumns?: ReactNode;
  /** The library browsed (a library or one of its folders), whose tags the Tags filter suggests. */
  libraryId?: string;
}) {
  const filterProps = { search, setSearch };
  const filterRow = useSideScrollFades<HTMLElement>();
  return (
    <div
      data-testid="browse-toolbar"
      className="top-0 z-10 space-y-2 sm:sticky border-zinc-200 border-b bg-white/95 px-6 py-2.5 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/95"
    >
      <div className="flex flex-wrap items-center gap-2">
        <div className="mr-auto min-w-0 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {summary}
        </div>
        <search
          ref={filterRow.ref}
          style={filterRow.style}
          aria-label="Filters"
          className="flex items-center gap-1.5 max-sm:order-last max-sm:-mx-6 max-sm:w-[calc(100%+3rem)] max-sm:overflow-x-auto max-sm:px-6 max-sm:py-0.5 sm:flex-wrap max-sm:[&>*]:shrink-0"
        >
          <KindFilter {...filterProps} />
          <ExtensionFilter {...filterProps} />
          <SizeFilter {...filterProps} />
          <DateFilter {...filterProps} />
          {members && <UploaderFilter {...filterProps} members={members} />}
          <TagFilter {...filterProps} libraryId={libraryId} />
          <PropertyFilter {...filterProps} boardProperties={boardProperties} />
        </search>
        <SortControls {...filterProps} />
        {search.view === "list" && listColumns}
        <ViewToggle view={search.view ?? "grid"} setSearch={setSearch} />
      </div>
      <FilterChips
        search={search}
        setSearch={setSearch}
        members={members ?? []}
        boardProperties={boardProperties}
      />
    </div>
  );
}
