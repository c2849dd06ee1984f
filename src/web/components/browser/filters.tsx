import { type FormEvent, useState } from "react";
import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import { useAccess } from "../../api/access.ts";
import type { BrowseSearch } from "../../lib/browse-search.ts";
import { filterCount } from "../../lib/filter-grammar.ts";
import { FilterPopover } from "./filter-popover.tsx";
import {
  ExtensionPanel,
  KindPanel,
  PropertyFilterPanel,
  RangeFilterForm,
  TagPanel,
  UploaderPanel,
} from "./lazy-filters.ts";
import type { RangeField } from "./range-filter-form.tsx";

export type SetSearch = (patch: Partial<BrowseSearch>) => void;
interface FilterProps {
  search: BrowseSearch;
  setSearch: SetSearch;
}

/** A filter whose contents load when it first opens. */
function useOpen() {
  const [open, setOpen] = useState(false);
  return { open, onOpenChange: setOpen };
}

export function KindFilter({ search, setSearch }: FilterProps) {
  const state = useOpen();
  return (
    <FilterPopover name="Kind" testId="filter-kind" active={search.kind?.length ?? 0} {...state}>
      <KindPanel open onOpenChange={state.onOpenChange} search={search} setSearch={setSearch} />
    </FilterPopover>
  );
}

export function ExtensionFilter({ search, setSearch }: FilterProps) {
  const state = useOpen();
  return (
    <FilterPopover name="Extension" testId="filter-extension" active={search.ext?.length ?? 0} {...state}>
      <ExtensionPanel open onOpenChange={state.onOpenChange} search={search} setSearch={setSearch} />
    </FilterPopover>
  );
}

/** The Tags filter; in a library or folder (`libraryId`) it suggests that library's tags. */
export function TagFilter({ search, setSearch, libraryId }: FilterProps & { libraryId?: string }) {
  const state = useOpen();
  return (
    <FilterPopover name="Tags" testId="filter-tag" active={search.tag?.length ?? 0} {...state}>
      <TagPanel
        open
        onOpenChange={state.onOpenChange}
        search={search}
        setSearch={setSearch}
        libraryId={libraryId}
      />
    </FilterPopover>
  );
}

const MB = 1_000_000;
const toMb = (bytes: number | undefined) => (bytes === undefined ? "" : String(bytes / MB));

/**
 * A filter of two bounds (size, dates): edited in a small form, checked, and applied together, so the URL never
 * holds half of a range the user is still typing.
 */
function RangeFilter(props: {
  name: string;
  testId: string;
  active: number;
  applyLabel: string;
  fields: [RangeField, RangeField];
  /** The bounds as the form shows them, read from the URL when the popover opens. */
  read: () => [string, string];
  /** Applies the bounds, or returns why they are wrong. */
  apply: (low: string, high: string) => string | null;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<[string, string]>(["", ""]);
  const [error, setError] = useState<string | null>(null);
  const onOpenChange = (next: boolean) => {
    if (next) {
      setValues(props.read());
      setError(null);
    }
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = props.apply(...values);
    setError(problem);
    if (!problem) setOpen(false);
  };
  return (
    <FilterPopover
      name={props.name}
      testId={props.testId}
      active={props.active}
      open={open}
      onOpenChange={onOpenChange}
    >
      <RangeFilterForm
        open
        onOpenChange={setOpen}
        fields={props.fields}
        values={values}
        setValues={setValues}
        error={error}
        applyLabel={props.applyLabel}
        onSubmit={submit}
      />
    </FilterPopover>
  );
}

export function SizeFilter({ search, setSearch }: FilterProps) {
  return (
    <RangeFilter
      name="Size"
      testId="filter-size"
      active={Number(search.min_size !== undefined) + Number(search.max_size !== undefined)}
      applyLabel="Apply size"
      fields={[
        { id: "filter-min-size", label: "Minimum (MB)" },
        { id: "filter-max-size", label: "Maximum (MB)" },
      ]}
      read={() => [toMb(search.min_size), toMb(search.max_size)]}
      apply={(min, max) => {
        const bytes = (text: string) => (text.trim() === "" ? undefined : Math.round(Number(text) * MB));
        const [low, high] = [bytes(min), bytes(max)];
        if ([low, high].some((v) => v !== undefined && (!Number.isFinite(v) || v < 0))) {
          return "Sizes must be positive numbers of megabytes.";
        }
        if (low !== undefined && high !== undefined && low > high) {
          return "The minimum must not be larger than the maximum.";
        }
        setSearch({ min_size: low, max_size: high });
        return null;
      }}
    />
  );
}

export function DateFilter({ search, setSearch }: FilterProps) {
  return (
    <RangeFilter
      name="Created"
      testId="filter-created"
      active={Number(!!search.after) + Number(!!search.before)}
      applyLabel="Apply dates"
      fields={[
        { id: "filter-after", label: "From", type: "date" },
        { id: "filter-before", label: "To", type: "date" },
      ]}
      read={() => [search.after ?? "", search.before ?? ""]}
      apply={(after, before) => {
        if (after && before && after > before) return "The start date must not be after the end date.";
        setSearch({ after: after || undefined, before: before || undefined });
        return null;
      }}
    />
  );
}

export function UploaderFilter({ search, setSearch, members }: FilterProps & { members: Member[] }) {
  const state = useOpen();
  return (
    <FilterPopover name="Uploader" testId="filter-uploader" active={search.uploader?.length ?? 0} {...state}>
      <UploaderPanel
        open
        onOpenChange={state.onOpenChange}
        search={search}
        setSearch={setSearch}
        members={members}
      />
    </FilterPopover>
  );
}

/** Conditions on property values, written to the URL's filter document; the panel's code loads on first open. */
export function PropertyFilter({
  search,
  setSearch,
  boardProperties,
}: FilterProps & { boardProperties?: Property[] }) {
  const [open, setOpen] = useState(false);
  if (!useAccess().can("properties:read") && !boardProperties?.length) return null;
  return (
    <FilterPopover
      name="Property"
      testId="filter-property"
      active={filterCount(search.filter)}
      open={open}
      onOpenChange={setOpen}
    >
      <PropertyFilterPanel
        open
        onOpenChange={setOpen}
        filter={search.filter}
        onChange={(filter) => setSearch({ filter })}
        boardProperties={boardProperties}
      />
    </FilterPopover>
  );
}
