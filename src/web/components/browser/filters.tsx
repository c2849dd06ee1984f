import { type FormEvent, useState } from "react";
import { FILE_KINDS } from "../../../contract/files.ts";
import type { Member } from "../../../contract/meta.ts";
import type { BrowseSearch } from "../../lib/browse-search.ts";
import { cx } from "../../lib/cx.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { KIND_LABELS } from "./file-thumb.tsx";
import { CHECK_ROW, FIELD_LABEL, FilterPopover } from "./filter-popover.tsx";

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
                className={cx(
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

export function SizeFilter({ search, setSearch }: FilterProps) {
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onOpenChange = (next: boolean) => {
    if (next) {
      setMin(toMb(search.min_size));
      setMax(toMb(search.max_size));
      setError(null);
    }
    setOpen(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const bytes = (text: string) => (text.trim() === "" ? undefined : Math.round(Number(text) * MB));
    const [low, high] = [bytes(min), bytes(max)];
    if ([low, high].some((v) => v !== undefined && (!Number.isFinite(v) || v < 0))) {
      setError("Sizes must be positive numbers of megabytes.");
      return;
    }
    if (low !== undefined && high !== undefined && low > high) {
      setError("The minimum must not be larger than the maximum.");
      return;
    }
    setSearch({ min_size: low, max_size: high });
    setOpen(false);
  };
  const active = Number(search.min_size !== undefined) + Number(search.max_size !== undefined);
  return (
    <FilterPopover name="Size" testId="filter-size" active={active} open={open} onOpenChange={onOpenChange}>
      <form onSubmit={apply} noValidate>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="filter-min-size" className={FIELD_LABEL}>
              Minimum (MB)
            </label>
            <Input
              id="filter-min-size"
              inputMode="decimal"
              value={min}
              onChange={(e) => setMin(e.target.value)}
              className="h-8"
            />
          </div>
          <div>
            <label htmlFor="filter-max-size" className={FIELD_LABEL}>
              Maximum (MB)
            </label>
            <Input
              id="filter-max-size"
              inputMode="decimal"
              value={max}
              onChange={(e) => setMax(e.target.value)}
              className="h-8"
            />
          </div>
        </div>
        {error && (
          <p role="alert" className="mt-2 text-red-700 text-xs dark:text-red-400">
            {error}
          </p>
        )}
        <div className="mt-3 flex justify-end">
          <Button type="submit" size="sm">
            Apply size
          </Button>
        </div>
      </form>
    </FilterPopover>
  );
}

export function DateFilter({ search, setSearch }: FilterProps) {
  const [open, setOpen] = useState(false);
  const [after, setAfter] = useState("");
  const [before, setBefore] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onOpenChange = (next: boolean) => {
    if (next) {
      setAfter(search.after ?? "");
      setBefore(search.before ?? "");
      setError(null);
    }
    setOpen(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (after && before && after > before) {
      setError("The start date must not be after the end date.");
      return;
    }
    setSearch({ after: after || undefined, before: before || undefined });
    setOpen(false);
  };
  const active = Number(!!search.after) + Number(!!search.before);
  return (
    <FilterPopover
      name="Created"
      testId="filter-created"
      active={active}
      open={open}
      onOpenChange={onOpenChange}
    >
      <form onSubmit={apply} noValidate>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="filter-after" className={FIELD_LABEL}>
              From
            </label>
            <Input
              id="filter-after"
              type="date"
              value={after}
              onChange={(e) => setAfter(e.target.value)}
              className="h-8 px-2"
            />
          </div>
          <div>
            <label htmlFor="filter-before" className={FIELD_LABEL}>
              To
            </label>
            <Input
              id="filter-before"
              type="date"
              value={before}
              onChange={(e) => setBefore(e.target.value)}
              className="h-8 px-2"
            />
          </div>
        </div>
        {error && (
          <p role="alert" className="mt-2 text-red-700 text-xs dark:text-red-400">
            {error}
          </p>
        )}
        <div className="mt-3 flex justify-end">
          <Button type="submit" size="sm">
            Apply dates
          </Button>
        </div>
      </form>
    </FilterPopover>
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
