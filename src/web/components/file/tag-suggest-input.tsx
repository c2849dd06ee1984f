import { useQuery } from "@tanstack/react-query";
import { type ComponentProps, type KeyboardEvent, useId, useState } from "react";
import { tagSuggestionsQuery } from "../../api/tags.ts";
import { cn } from "../../lib/cn.ts";
import { plural } from "../../lib/format.ts";
import { lastTag, matchStart, withLastTag } from "../../lib/tag-text.ts";
import { useDebounced } from "../../lib/use-debounced.ts";

const SUGGESTIONS = 8;
/**
 * Tags asked for, more than are shown, so that the ones already on the file can be left out: one size for every
 * field, so that every field shares the answer for the same words.
 */
const ASKED = 30;
const TYPING_PAUSE_MS = 150;

/** `text` with the part that matches what is typed in bold. */
function MatchedText({ text, typed }: { text: string; typed: string }) {
  const at = matchStart(text, typed);
  if (at < 0) return text;
  const end = at + typed.length;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold">{text.slice(at, end)}</strong>
      {text.slice(end)}
    </>
  );
}

type InputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "role">;

/**
 * A text field for tags, comma-separated, that suggests the brandspace's (or a library's) tags in use (the most used first) for
 * the one being typed: arrows move through them, Enter (or a comma) or a click picks one, Escape closes them;
 * `onKeyDown` gets every other key. `exclude` leaves out tags already there. The suggestions
 * open as the field gets the focus, so the most used tags are offered before anything is typed.
 */
export function TagSuggestInput({
  value,
  onValueChange,
  onPick,
  onKeyDown,
  exclude = [],
  className,
  onBlur,
  placement = "below",
  libraryId,
  ...input
}: InputProps & {
  value: string;
  onValueChange: (value: string) => void;
  /** A suggestion picked; without it, the suggestion replaces the tag being typed. */
  onPick?: (tag: string) => void;
  exclude?: string[];
  /** Where the suggestions open: `above` where the field sits over a form's buttons, which they would cover. */
  placement?: "below" | "above";
  /** Suggests the tags of this library's files (counted there) instead of the brandspace's. */
  libraryId?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(lastTag(value), TYPING_PAUSE_MS);
  const suggestions = useQuery({
    ...tagSuggestionsQuery(typed, ASKED, libraryId),
    enabled: open,
  });
  const typedTags = value.split(",").map((tag) => tag.trim());
  const offered = (suggestions.data?.data ?? [])
    .filter((tag) => !exclude.includes(tag.name) && !typedTags.slice(0, -1).includes(tag.name))
    .filter((tag) => tag.name !== lastTag(value))
    .slice(0, SUGGESTIONS);
  const shown = open && offered.length > 0;

  const pick = (tag: string) => {
    setOpen(false);
    setActive(-1);
    if (onPick) onPick(tag);
    else onValueChange(`${withLastTag(value, tag)}, `);
  };
  const key = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (offered.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the field (-1) through the suggestions and back to the field.
      setActive((current) => {
        const next = current + step;
        if (next >= offered.length) return -1;
        return next < -1 ? offered.length - 1 : next;
      });
      return;
    }
    if ((event.key === "Enter" || event.key === ",") && shown && active >= 0 && active < offered.length) {
      event.preventDefault();
      pick(offered[active]!.name);
      return;
    }
    if (event.key === "Escape" && shown) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === "Enter" || event.key === ",") setActive(-1);
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <input
        {...input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={
          shown && active >= 0 && active < offered.length ? `${listId}-${active}` : undefined
        }
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={(event) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(event);
        }}
        onKeyDown={key}
        className={className}
      />
      {shown && (
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className={cn(
            "absolute inset-x-0 z-20 overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900",
            placement === "above" ? "bottom-full mb-1 max-h-48" : "top-full mt-1 max-h-64",
          )}
        >
          {offered.map((tag, index) => (
            <div
              key={tag.name}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // On mouse down, not click: the field keeps the focus (a blur would first save what is typed so far).
              onMouseDown={(event) => {
                event.preventDefault();
                pick(tag.name);
              }}
              className="flex cursor-pointer items-center gap-2 px-2.5 py-1.5 text-sm hover:bg-zinc-100 aria-selected:bg-accent-50 dark:aria-selected:bg-accent-700/30 dark:hover:bg-zinc-800"
            >
              <span className="truncate">
                <MatchedText text={tag.name} typed={typed} />
              </span>
              <span className="ml-auto shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                {plural(tag.file_count, "file")}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
