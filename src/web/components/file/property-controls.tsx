import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { type ComponentType, type KeyboardEvent, useState } from "react";
import type { PropertyType, PropertyValue } from "../../../contract/files.ts";
import type { Option, Property } from "../../../contract/properties.ts";
import { membersQuery } from "../../api/meta.ts";
import type { ValueInput } from "../../api/properties.ts";
import { cn } from "../../lib/cn.ts";
import { useSideScrollFades } from "../../lib/use-side-scroll-fades.ts";
import { ColorDot } from "../properties/color-dot.tsx";

export interface ControlProps {
  property: Property;
  value: PropertyValue | undefined;
  /** The id of the property's name, which labels the control. */
  labelId: string;
  disabled: boolean;
  save: (value: ValueInput) => void;
}

const FIELD =
  "w-full rounded-md border border-zinc-300 bg-white px-2 text-sm disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900";

/** The options a value may name: the visible ones, and a hidden one the value already holds. */
const offered = (property: Property, chosen: string[]) =>
  property.options
    .filter((o) => !o.hidden || chosen.includes(o.id))
    .toSorted((a, b) => a.position - b.position);

export function StatusControl({ property, value, labelId, disabled, save }: ControlProps) {
  const chosen = value?.status?.option_id ?? "";
  const current = property.options.find((o) => o.id === chosen);
  return (
    <div className="flex items-center gap-2">
      <ColorDot color={current?.color ?? "transparent"} className="size-3" />
      <select
        aria-labelledby={labelId}
        className={`${FIELD} h-8`}
        value={chosen}
        disabled={disabled}
        onChange={(event) => save(event.target.value ? { option_id: event.target.value } : null)}
      >
        <option value="">No status</option>
        {offered(property, [chosen]).map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Tag and multi-tag: the chosen options as chips, each removable, and a list to add one (replace, if single). */
export function TagsControl({
  property,
  value,
  labelId,
  disabled,
  save,
  inline = false,
  target = property.name,
}: ControlProps & {
  /** One line, as in a list row: the chips that fit, then the list to add one. */
  inline?: boolean;
  /** What the controls' labels name: the property, or in a list row the property of that row's file. */
  target?: string;
}) {
  const chosen = (value?.tag ?? value?.multi_tag ?? []).map((ref) => ref.option_id);
  const byId = new Map(property.options.map((o) => [o.id, o]));
  const chips = chosen.map((id) => byId.get(id)).filter((o): o is Option => !!o);
  const single = property.selection_mode === "single";
  const addable = offered(property, []).filter((o) => !chosen.includes(o.id));
  const set = (ids: string[]) => save(ids.length ? ids.map((option_id) => ({ option_id })) : null);
  // In a row beside chips, the list to add one shrinks to a "+", leaving the chips the room.
  const compact = inline && chips.length > 0;
  const chipRow = useSideScrollFades<HTMLUListElement>();
  return (
    <div className={inline ? "flex min-w-0 items-center gap-1.5" : "space-y-1.5"}>
      {chips.length > 0 && (
        <ul
          aria-labelledby={labelId}
          // In a row the chips that do not fit are cut off, behind a fade: hovering names them all.
          ref={inline ? chipRow.ref : undefined}
          style={inline ? chipRow.style : undefined}
          title={inline ? chips.map((option) => option.label).join(", ") : undefined}
          className={inline ? "flex min-w-0 gap-1 overflow-hidden" : "flex flex-wrap gap-1.5"}
        >
          {chips.map((option) => (
            <li
              key={option.id}
              className={cn(
                "flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2 text-sm dark:bg-zinc-800",
                // In a row a long label is shortened, keeping its remove button in sight, but to no less than a
                // few letters: chips beyond those are cut off rather than each shrunk to a letter.
                inline ? "min-w-20 shrink" : "shrink-0",
              )}
            >
              <ColorDot color={option.color} />
              <span className={inline ? "min-w-0 truncate" : undefined}>{option.label}</span>
              {!disabled && (
                <button
                  type="button"
                  aria-label={`Remove ${option.label} from ${target}`}
                  onClick={() => set(chosen.filter((id) => id !== option.id))}
                  className="shrink-0 rounded-full p-0.5 hover:bg-zinc-200 dark:hover:bg-zinc-700"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && addable.length > 0 && (
        <select
          aria-label={single && chips.length ? `Replace ${target}` : `Add ${target}`}
          className={cn(
            FIELD,
            !inline
              ? "h-8"
              : compact
                ? "h-7 w-8 shrink-0 appearance-none px-0 text-center"
                : "h-7 w-auto max-w-24 shrink-0",
          )}
          value=""
          onChange={(event) =>
            event.target.value && set(single ? [event.target.value] : [...chosen, event.target.value])
          }
        >
          <option value="">{compact ? "+" : single && chips.length ? "Replace with…" : "Add…"}</option>
          {addable.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      {chips.length === 0 && (disabled || addable.length === 0) && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {addable.length ? "None" : "No options to choose from."}
        </p>
      )}
    </div>
  );
}

export function PersonControl({ value, labelId, disabled, save }: ControlProps) {
  const members = useQuery(membersQuery());
  const chosen = value?.person?.user_id ?? "";
  const people = (members.data ?? []).filter((m) => m.status !== "deactivated" || m.id === chosen);
  return (
    <select
      aria-labelledby={labelId}
      className={`${FIELD} h-8`}
      value={chosen}
      disabled={disabled || !members.data}
      onChange={(event) => save(event.target.value ? { user_id: event.target.value } : null)}
    >
      <option value="">Nobody</option>
      {chosen && !members.data && <option value={chosen}>{chosen}</option>}
      {people.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name}
        </option>
      ))}
    </select>
  );
}

/** What a field shows while edited; a newly saved value (this field's, a refetch's) replaces it. */
function useSavedDraft(stored: string) {
  const [draft, setDraft] = useState(stored);
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setDraft(stored);
  }
  return [draft, setDraft] as const;
}

/** A calendar day, kept as midnight UTC so that every viewer sees the same day. */
export function DateControl({ value, labelId, disabled, save }: ControlProps) {
  const stored = value?.date?.start.slice(0, 10) ?? "";
  const [draft, setDraft] = useSavedDraft(stored);
  const commit = () => {
    if (draft === stored) return;
    if (!draft) return save(null);
    if (/^\d{4}-\d{2}-\d{2}$/.test(draft)) save({ start: `${draft}T00:00:00.000Z` });
  };
  return (
    <input
      type="date"
      aria-labelledby={labelId}
      className={`${FIELD} h-8`}
      value={draft}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === "Enter" && commit()}
    />
  );
}

export function CheckboxControl({ value, labelId, disabled, save }: ControlProps) {
  return (
    <input
      type="checkbox"
      aria-labelledby={labelId}
      className="size-4 accent-accent-600 disabled:cursor-not-allowed"
      checked={value?.checkbox === true}
      disabled={disabled}
      // Unticking clears the value: a file then reads as not set, as one never ticked does.
      onChange={(event) => save(event.target.checked ? true : null)}
    />
  );
}

/** Free text: Enter or leaving the field saves (Shift+Enter for a new line), Escape puts the saved text back. */
export function TextControl({ value, labelId, disabled, save }: ControlProps) {
  const stored = value?.text ?? "";
  const [draft, setDraft] = useSavedDraft(stored);
  const commit = () => {
    if (draft.trim() === stored) return;
    save(draft.trim() ? draft.trim() : null);
  };
  const key = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape" && draft !== stored) {
      event.preventDefault();
      setDraft(stored);
    }
  };
  return (
    <textarea
      aria-labelledby={labelId}
      className={`${FIELD} min-h-16 py-1.5`}
      rows={2}
      maxLength={10_000}
      value={draft}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={key}
    />
  );
}

/** The control of each property type, on the file page and in the bulk "Set property…" dialog. */
export const CONTROLS: Record<PropertyType, ComponentType<ControlProps>> = {
  status: StatusControl,
  person: PersonControl,
  date: DateControl,
  checkbox: CheckboxControl,
  text: TextControl,
  multi_tag: TagsControl,
  tag: TagsControl,
};
