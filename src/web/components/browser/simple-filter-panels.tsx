import { type FormEvent, useState } from "react";
import { FILE_KINDS } from "../../../contract/files.ts";
import type { Member } from "../../../contract/meta.ts";
import type { BrowseSearch } from "../../lib/browse-search.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { KIND_LABELS } from "./file-thumb.tsx";
import { CHECK_ROW, FIELD_LABEL } from "./filter-popover.tsx";

/** The Kind, Extension and Uploader filters' contents: loaded when one first opens (lazy-filters.ts). */
export interface PanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  search: BrowseSearch;
  setSearch: (patch: Partial<BrowseSearch>) => void;
}

/** The list with `value` added, or taken away when it is there; undefined when empty (left out of the URL). */
export const toggled = <T,>(list: T[] | undefined, value: T): T[] | undefined => {
  const next = list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value];
  return next.length ? next : undefined;
};

export function KindPanel({ search, setSearch }: PanelProps) {
  return (
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

export function ExtensionPanel({ search, setSearch }: PanelProps) {
  const [text, setText] = useState("");
  const add = (event: FormEvent) => {
    event.preventDefault();
    const added = parseExtensions(text);
    if (added.length) setSearch({ ext: [...new Set([...(search.ext ?? []), ...added])] });
    setText("");
  };
  return (
    <>
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
    </>
  );
}

export function UploaderPanel({ search, setSearch, members }: PanelProps & { members: Member[] }) {
  return (
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
  );
}
