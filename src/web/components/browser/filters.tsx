import { type FormEvent, useState } from "react";
import { FILE_KINDS } from "../../../contract/files.ts";
import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import { useAccess } from "../../api/access.ts";
import type { BrowseSearch } from "../../lib/browse-search.ts";
import { cn } from "../../lib/cn.ts";
import { filterCount } from "../../lib/filter-grammar.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { KIND_LABELS } from "./file-thumb.tsx";
import { CHECK_ROW, FIELD_LABEL, FilterPopover } from "./filter-popover.tsx";
import { PropertyFilterPanel, RangeFilterForm } from "./lazy-filters.ts";
import type { RangeField } from "./range-filter-form.tsx";

export type SetSearch = (patch: Partial<BrowseSearch>) => void;
interface FilterProps {
  search: BrowseSearch;
  setSearch: SetSearch;
}

const toggled = <T,>(list: T[] | undefined, value: T): T[] | undefined => {
  const next = list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value];
  return next.length ? next : undefined;
};

export function KindFilter({ search, setSearch }: FilterProps) {
  return (
    <FilterPopover name="Kind" testId="filter-kind" active={search.kind?.length ?? 0}>
      <fieldset>
        <legend className={FIELD_LABEL}>Show only</legend>
        {FILE_KINDS.map((kind) => (
          <label key={kind} className={CHECK_ROW}>
            <input
              type="checkbox"
              className="size-4 accent-accent-600"
              checked={search.kind?.includes(kind) ?? false}
              onChange={() => setSearch({ kind: toggled(search.kind, kind) })}
            />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
    </FilterPopover>
  );
}

const COMMON_EXTENSIONS = ["png", "jpg", "svg", "gif", "pdf", "mp4", "mov", "mp3", "zip"];
const parseExtensions = (text: string) => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map((e) => e.replace(/^\./, "").toLowerCase())
      .filter((e) => e.length > 0 && e.length <= 20),
  ),
];

export function ExtensionFilter({ search, setSearch }: FilterProps) {
  const [text, setText] = useState("");
  const add = (event: FormEvent) => {
    event.preventDefault();
    const added = parseExtensions(text);
    if (added.length) setSearch({ ext: [...new Set([...(search.ext ?? []), ...added])] });
    setText("");
  };
  return (
    <FilterPopover name="Extension" testId="filter-extension" active={search.ext?.length ?? 0}>
      <form onSubmit={add}>
        <label htmlFor="filter-extension-input" className={FIELD_LABEL}>
          Extensions (comma separated)
        </label>
        <div className="flex gap-2">
          <Input
            id="filter-extension-input"
            placeholder="e.g. png, pdf"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="h-8"
          />
          <Button type="submit" size="sm" variant="secondary" disabled={!parseExtensions(text).length}>
            Add
          </Button>
        </div>
      </form>
      <fieldset className="mt-3">
        <legend className={FIELD_LABEL}>Extensions</legend>
        <div className="flex flex-wrap gap-1.5">
          {[...new Set([...COMMON_EXTENSIONS, ...(search.ext ?? [])])].map((ext) => {
            const on = search.ext?.includes(ext) ?? false;
            return (
              <button
                key={ext}
                type="button"
                aria-pressed={on}
                onClick={() => setSearch({ ext: toggled(search.ext, ext) })}
                className={cn(
                  "rounded border px-2 py-0.5 font-mono text-xs uppercase",
                  on
                    ? "border-accent-600 bg-accent-600 text-white"
                    : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800",
                )}
              >
                {ext}
              </button>
            );
          })}
        </div>
      </fieldset>
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
  return (
    <FilterPopover name="Uploader" testId="filter-uploader" active={search.uploader?.length ?? 0}>
      <fieldset className="max-h-72 overflow-y-auto">
        <legend className={FIELD_LABEL}>Uploaded by</legend>
        {members.map((member) => (
          <label key={member.id} className={CHECK_ROW}>
            <input
              type="checkbox"
              className="size-4 accent-accent-600"
              checked={search.uploader?.includes(member.id) ?? false}
              onChange={() => setSearch({ uploader: toggled(search.uploader, member.id) })}
            />
            <span className="min-w-0">
              <span className="block truncate">{member.name}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{member.email}</span>
            </span>
          </label>
        ))}
        {members.length === 0 && <p className="text-xs text-zinc-500">No members to choose from.</p>}
      </fieldset>
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
