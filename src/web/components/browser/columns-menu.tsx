import { Link } from "@tanstack/react-router";
import { Columns3 } from "lucide-react";
import type { Property } from "../../../contract/properties.ts";
import { LazyPopover } from "../ui/lazy-popover.tsx";
import { CHECK_ROW, FIELD_LABEL } from "./filter-popover.tsx";

/**
 * The list view's column picker: which brandspace properties show as columns (in the properties' own order),
 * remembered in this browser for every browse view.
 */
export function ColumnsMenu({
  properties,
  shown,
  onChange,
}: {
  properties: Property[];
  shown: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  // Ids of properties deleted since are dropped with the next change.
  const live = shown.filter((id) => properties.some((p) => p.id === id));
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...live.filter((s) => s !== id), id] : live.filter((s) => s !== id));
  return (
    <LazyPopover
      align="end"
      sideOffset={6}
      aria-label="Columns"
      className="z-50 w-64 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      trigger={
        <button
          type="button"
          data-testid="list-columns"
          className="inline-flex h-8 items-center gap-1.5 rounded-md border border-zinc-300 px-2.5 text-sm text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <Columns3 className="size-4" aria-hidden="true" />
          Columns
          {live.length > 0 && (
            <span className="ml-0.5 rounded-full bg-accent-600 px-1.5 font-medium text-[11px] text-white leading-4">
              {live.length}
              <span className="sr-only"> shown</span>
            </span>
          )}
        </button>
      }
    >
      <p className={FIELD_LABEL}>Property columns</p>
      {properties.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">
          No properties yet.{" "}
          <Link to="/properties" className="text-accent-700 underline dark:text-accent-300">
            Add one
          </Link>{" "}
          to show its values here.
        </p>
      ) : (
        <ul className="max-h-72 overflow-y-auto">
          {properties.map((property) => (
            <li key={property.id}>
              <label className={CHECK_ROW}>
                <input
                  type="checkbox"
                  className="size-4 accent-accent-600"
                  checked={shown.includes(property.id)}
                  onChange={(e) => toggle(property.id, e.target.checked)}
                />
                <span className="truncate">{property.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </LazyPopover>
  );
}
