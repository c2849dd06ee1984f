import { type KeyboardEvent, type SyntheticEvent, useId, useState } from "react";
import type { PropertyValue } from "../../../contract/files.ts";
import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import type { Denial } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { formatUtcDate } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { TagsControl } from "../file/property-controls.tsx";

const FIELD =
  "h-7 w-full min-w-0 rounded border border-zinc-300 bg-white px-1.5 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

// The row selects on click and moves on arrow keys: an editor in it keeps its own clicks and keys.
const own = { onClick: stop, onDoubleClick: stop, onKeyDown: stop, onPointerDown: stop };
function stop(event: SyntheticEvent) {
  event.stopPropagation();
}

/**
 * A date value's calendar day: kept as midnight UTC, as the file page keeps it, so that every viewer (and the
 * share page) sees the same day whatever their time zone.
 */
const dayOf = (iso: string) => iso.slice(0, 10);

function labelsOf(property: Property, value: PropertyValue | undefined): string {
  const refs = value?.tag ?? value?.multi_tag ?? [];
  const labels = refs.map((r) => property.options.find((o) => o.id === r.option_id)?.label ?? "?");
  return labels.join(", ") || "—";
}

/** What a value shows where it cannot be edited. */
function shown(property: Property, value: PropertyValue | undefined, members: Member[]): string {
  if (!value) return "—";
  switch (property.type) {
    case "status":
      return property.options.find((o) => o.id === value.status?.option_id)?.label ?? "—";
    case "checkbox":
      return value.checkbox ? "Yes" : "No";
    case "text":
      return value.text || "—";
    case "date":
      return value.date ? formatUtcDate(value.date.start) : "—";
    case "person":
      return members.find((m) => m.id === value.person?.user_id)?.name ?? value.person?.user_id ?? "—";
    default:
      return labelsOf(property, value);
  }
}

function TextEditor({ initial, label, save }: { initial: string; label: string; save: (v: string) => void }) {
  const [text, setText] = useState(initial);
  const commit = () => text !== initial && save(text);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === "Enter") commit();
    if (event.key === "Escape") setText(initial);
  };
  return (
    <input
      aria-label={label}
      className={FIELD}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      {...own}
      onKeyDown={onKeyDown}
    />
  );
}

/** What a value cell shows: one file's value of one property, and whether the user may change it. */
export interface ValueCellProps {
  fileName: string;
  property: Property;
  value: PropertyValue | undefined;
  members: Member[];
  denial: Denial;
}

/** How a cell saves: `save` sends a value (null clears); while one is on its way, `pending` and what was `sent`. */
export interface ValueSaver {
  save: (next: unknown) => void;
  pending: boolean;
  sent: unknown;
}

/** A value-setting mutation (a board's or the brandspace's PUT of a file's value) and the path it takes. */
interface ValueMutation<Params> {
  mutate: (
    input: { params: Params; body: { value: unknown } },
    options: { onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
  variables?: { body?: { value?: unknown } };
}

/** A cell's saver over `set`; a refusal is a toast naming the property. */
export function valueSaver<Params>(
  set: ValueMutation<Params>,
  params: Params,
  property: Property,
): ValueSaver {
  return {
    save: (next) =>
      set.mutate(
        { params, body: { value: next } },
        { onError: (error) => toast.error(`Could not set ${property.name}: ${errorMessage(error)}`) },
      ),
    pending: set.isPending,
    sent: set.variables?.body?.value,
  };
}

/**
 * One property value of one file in the list view: a control where the user may edit it (status and person as
 * selects, tags as removable chips with an option list, checkbox, text, date), else the value as text. Board and
 * brandspace properties differ only in how a value is saved.
 */
export function PropertyValueCell({
  fileName,
  property,
  value,
  members,
  denial,
  saver,
}: ValueCellProps & { saver: ValueSaver }) {
  const labelId = useId();
  const label = `${property.name} of ${fileName}`;
  if (denial || property.hidden) {
    return <span title={denial ?? undefined}>{shown(property, value, members)}</span>;
  }
  const { save, pending } = saver;
  switch (property.type) {
    case "status":
    case "person": {
      // While the change is on its way (and the listing refetched) the select shows the choice, not the old value.
      const sent = pending ? (saver.sent as Record<string, string> | null) : undefined;
      const current =
        sent !== undefined
          ? (sent?.option_id ?? sent?.user_id)
          : property.type === "status"
            ? value?.status?.option_id
            : value?.person?.user_id;
      const choices =
        property.type === "status"
          ? property.options.filter((o) => !o.hidden || o.id === current).map((o) => [o.id, o.label])
          : members.map((m) => [m.id, m.name]);
      return (
        <select
          aria-label={label}
          className={FIELD}
          value={current ?? ""}
          disabled={pending}
          onChange={(e) => {
            const id = e.target.value;
            if (!id) return save(null);
            save(property.type === "status" ? { option_id: id } : { user_id: id });
          }}
          {...own}
        >
          <option value="">—</option>
          {choices.map(([id, text]) => (
            <option key={id} value={id}>
              {text}
            </option>
          ))}
        </select>
      );
    }
    case "tag":
    case "multi_tag":
      // The file page's chips and option list, in the row: each chip removable, the list adds (or replaces).
      return (
        <div className="min-w-0 py-1" {...own}>
          <span id={labelId} className="sr-only">
            {label}
          </span>
          <TagsControl
            property={property}
            value={value}
            labelId={labelId}
            disabled={pending}
            save={save}
            inline
            target={label}
          />
        </div>
      );
    case "checkbox":
      return (
        <input
          type="checkbox"
          aria-label={label}
          // While the change is on its way (and the listing refetched) the box shows the choice.
          checked={pending ? saver.sent === true : (value?.checkbox ?? false)}
          disabled={pending}
          onChange={(e) => save(e.target.checked ? true : null)}
          className="size-4 accent-accent-600"
          {...own}
        />
      );
    case "date":
      return (
        <input
          type="date"
          aria-label={label}
          className={FIELD}
          value={value?.date ? dayOf(value.date.start) : ""}
          onChange={(e) => save(e.target.value ? { start: `${e.target.value}T00:00:00.000Z` } : null)}
          {...own}
        />
      );
    default:
      return (
        <TextEditor
          key={value?.text ?? ""}
          initial={value?.text ?? ""}
          label={label}
          save={(text) => save(text ? text : null)}
        />
      );
  }
}
