import { type KeyboardEvent, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { lastTag } from "../../lib/tag-text.ts";
import { TagSuggestInput } from "../file/tag-suggest-input.tsx";
import { inputClassName } from "../ui/input.tsx";
import { FIELD_LABEL } from "./filter-popover.tsx";
import { type PanelProps, toggled } from "./simple-filter-panels.tsx";

/**
 * The Tags filter's contents: a field that suggests the tags in use (the most used first, as the file page's
 * does; in a library or folder, that library's), where picking one or pressing Enter adds it; the tags chosen, each a toggle that takes it away. Files
 * shown carry every chosen tag, exactly as written.
 */
export function TagPanel({ search, setSearch, libraryId }: PanelProps & { libraryId?: string }) {
  const [text, setText] = useState("");
  const chosen = search.tag ?? [];
  const add = (tag: string) => {
    const trimmed = tag.trim();
    if (trimmed && !chosen.includes(trimmed)) setSearch({ tag: [...chosen, trimmed] });
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" && event.key !== ",") return;
    event.preventDefault();
    add(lastTag(text));
  };
  return (
    <>
      <label htmlFor="filter-tag-input" className={FIELD_LABEL}>
        Files tagged
      </label>
      <TagSuggestInput
        id="filter-tag-input"
        placeholder="Type or pick a tag"
        value={text}
        onValueChange={setText}
        onKeyDown={onKeyDown}
        onPick={add}
        exclude={chosen}
        libraryId={libraryId}
        className={cn(inputClassName, "h-8")}
      />
      {chosen.length > 0 && (
        <fieldset className="mt-3">
          <legend className={FIELD_LABEL}>All of these (select to remove)</legend>
          <div className="flex flex-wrap gap-1.5">
            {chosen.map((tag) => (
              <button
                key={tag}
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => setSearch({ tag: toggled(search.tag, tag) })}
                className="max-w-full truncate rounded border border-accent-600 bg-accent-600 px-2 py-0.5 text-white text-xs hover:bg-accent-700"
              >
                {tag}
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}
