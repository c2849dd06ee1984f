import type { Property } from "../../../contract/properties.ts";
import type { FilterDocument } from "../../lib/filter-document.ts";
import { equalsOf, withEquals } from "./board-filter.ts";

/**
 * One select per status property of the board: files whose value is that option. The choice lives in the URL's
 * filter document, so a copied link shows the same files.
 */
export function BoardValueFilters({
  properties,
  filter,
  onChange,
}: {
  properties: Property[];
  filter: FilterDocument | undefined;
  onChange: (filter: FilterDocument | undefined) => void;
}) {
  const statuses = properties.filter((p) => p.type === "status");
  if (statuses.length === 0) return null;
  const equals = equalsOf(filter);
  const choose = (propertyId: string, optionId: string) => onChange(withEquals(filter, propertyId, optionId));
  return (
    <div className="flex flex-wrap items-center gap-2 px-6 pt-2 text-sm">
      {statuses.map((property) => (
        <label key={property.id} className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
          {property.name}
          <select
            aria-label={`Filter by ${property.name}`}
            value={equals.get(property.id) ?? ""}
            onChange={(e) => choose(property.id, e.target.value)}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          >
            <option value="">Any</option>
            {property.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
