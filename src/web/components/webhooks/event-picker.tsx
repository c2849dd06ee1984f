import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import type { EventTypeRow } from "../../../contract/events.ts";
import { eventTypesQuery } from "../../api/meta.ts";
import { Skeleton } from "../ui/skeleton.tsx";

type EventType = z.infer<typeof EventTypeRow>;

/** "folders_and_libraries" → "Folders and libraries". */
export function groupLabel(group: string): string {
  const words = group.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function GroupCheckbox({
  label,
  types,
  selected,
  onToggle,
}: {
  label: string;
  types: string[];
  selected: Set<string>;
  onToggle: (all: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = types.filter((type) => selected.has(type)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < types.length;
  }, [count, types.length]);
  return (
    <label className="flex items-center gap-2 font-medium text-sm">
      <input
        ref={ref}
        type="checkbox"
        className="size-4 accent-accent-600"
        checked={count === types.length}
        onChange={(event) => onToggle(event.target.checked)}
      />
      {label}
      <span className="font-normal text-xs text-zinc-500 dark:text-zinc-400">
        {count}/{types.length}
      </span>
    </label>
  );
}

function Catalogue({
  rows,
  selected,
  onChange,
}: {
  rows: EventType[];
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
}) {
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const byGroup = new Map<string, EventType[]>();
    for (const row of rows) {
      if (needle && !`${row.type} ${row.description}`.toLowerCase().includes(needle)) continue;
      byGroup.set(row.group, [...(byGroup.get(row.group) ?? []), row]);
    }
    return [...byGroup.entries()];
  }, [rows, filter]);
  const set = (types: string[], on: boolean) => {
    const next = new Set(selected);
    for (const type of types) {
      if (on) next.add(type);
      else next.delete(type);
    }
    onChange(next);
  };
  return (
    <div className="rounded-md border border-zinc-200 dark:border-zinc-800">
      <div className="border-zinc-200 border-b p-2 dark:border-zinc-800">
        <label htmlFor={filterId} className="sr-only">
          Filter event types
        </label>
        <input
          id={filterId}
          type="search"
          placeholder="Filter event types…"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="h-8 w-full rounded border border-zinc-300 bg-white px-2 text-sm placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      <div className="max-h-64 space-y-3 overflow-y-auto p-3">
        {groups.length === 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No event type matches.</p>
        )}
        {groups.map(([group, types]) => (
          // The group's checkbox names the group: a legend beside it made screen readers say the name twice.
          <fieldset key={group}>
            <GroupCheckbox
              label={groupLabel(group)}
              types={types.map((t) => t.type)}
              selected={selected}
              onToggle={(on) =>
                set(
                  types.map((t) => t.type),
                  on,
                )
              }
            />
            <ul className="mt-1 ml-6 space-y-1">
              {types.map((row) => (
                <li key={row.type}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-accent-600"
                      checked={selected.has(row.type)}
                      onChange={(event) => set([row.type], event.target.checked)}
                    />
                    <span>
                      <span className="font-mono text-[13px]">{row.type}</span>
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                        {row.description}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </div>
  );
}

export interface EventPickerProps {
  /** `["*"]` for every event type, else catalogue tokens. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Limits the choice to these tokens (a replay of an endpoint that subscribes to a few types). */
  only?: string[];
  allLabel?: string;
  error?: string;
}

/**
 * Which event types an endpoint (or a replay) covers: every type with `*`, including types the catalogue gains
 * later, or a selection from `GET /v1/events` grouped like the catalogue.
 */
export function EventPicker({ value, onChange, only, allLabel, error }: EventPickerProps) {
  const catalogue = useQuery(eventTypesQuery());
  const all = value.length === 1 && value[0] === "*";
  // Switching to "all" and back keeps the last selection.
  const [remembered, setRemembered] = useState<string[]>(all ? [] : value);
  const name = useId();
  const errorId = useId();
  const rows = (catalogue.data ?? []).filter((row) => !only || only.includes(row.type));
  const selected = new Set(all ? remembered : value);
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 font-medium text-sm">Events</legend>
      <div className="space-y-1.5 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            className="size-4 accent-accent-600"
            checked={all}
            onChange={() => {
              setRemembered(value);
              onChange(["*"]);
            }}
          />
          {allLabel ?? "All events, including types added later"}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            className="size-4 accent-accent-600"
            checked={!all}
            onChange={() => onChange(remembered)}
          />
          Selected events{!all && ` (${value.length} selected)`}
        </label>
      </div>
      {!all && (
        <div className="mt-2">
          {catalogue.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : catalogue.error ? (
            <p role="alert" className="text-red-600 text-sm dark:text-red-400">
              The event catalogue could not be loaded: {catalogue.error.message}
            </p>
          ) : (
            <Catalogue rows={rows} selected={selected} onChange={(next) => onChange([...next])} />
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-red-600 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
