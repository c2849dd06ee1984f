import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Pencil, Trash2 } from "lucide-react";
import type { Property } from "../../../contract/properties.ts";
import { plural } from "../../lib/format.ts";
import { Badge } from "../ui/badge.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { ColorDot } from "./color-dot.tsx";
import { TYPE_LABELS } from "./property-kinds.ts";

export type RowAction = "up" | "down" | "edit" | "toggle-hidden" | "delete";

const SHOWN_OPTIONS = 6;

/** One property: its name, type, options and use, with its actions (disabled with the reason when denied). */
export function PropertyRow({
  property,
  index,
  count,
  denial,
  onAction,
}: {
  property: Property;
  index: number;
  count: number;
  denial: string | null;
  onAction: (action: RowAction) => void;
}) {
  const options = property.options.filter((o) => !o.hidden);
  const icon = "size-8";
  return (
    <div className="flex items-center gap-3 py-2.5 pr-3 pl-2">
      <GripVertical
        className={denial ? "size-4 text-zinc-300 dark:text-zinc-700" : "size-4 cursor-grab text-zinc-500"}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={property.hidden ? "font-medium text-zinc-500 dark:text-zinc-400" : "font-medium"}>
            {property.name}
          </span>
          <Badge tone="grey">{TYPE_LABELS[property.type]}</Badge>
          {property.type === "tag" && property.selection_mode === "single" && (
            <Badge tone="blue">Single</Badge>
          )}
          {property.hidden && <Badge tone="amber">Hidden</Badge>}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <span>
            {property.value_count === 0 ? "Not used yet" : `Set on ${plural(property.value_count, "file")}`}
          </span>
          {options.slice(0, SHOWN_OPTIONS).map((option) => (
            <span key={option.id} className="inline-flex items-center gap-1">
              <ColorDot color={option.color} />
              {option.label}
            </span>
          ))}
          {options.length > SHOWN_OPTIONS && <span>+{options.length - SHOWN_OPTIONS} more</span>}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        <GuardedButton
          variant="ghost"
          size="icon"
          className={icon}
          denial={denial}
          data-move="up"
          aria-label={`Move ${property.name} up`}
          aria-keyshortcuts="Alt+ArrowUp"
          disabled={index === 0}
          onClick={() => onAction("up")}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="icon"
          className={icon}
          denial={denial}
          data-move="down"
          aria-label={`Move ${property.name} down`}
          aria-keyshortcuts="Alt+ArrowDown"
          disabled={index === count - 1}
          onClick={() => onAction("down")}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="icon"
          className={icon}
          denial={denial}
          aria-label={property.hidden ? `Unhide ${property.name}` : `Hide ${property.name}`}
          onClick={() => onAction("toggle-hidden")}
        >
          {property.hidden ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="icon"
          className={icon}
          denial={denial}
          aria-label={`Edit ${property.name}`}
          onClick={() => onAction("edit")}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="icon"
          className={`${icon} text-red-700 dark:text-red-400`}
          denial={denial}
          aria-label={`Delete ${property.name}`}
          onClick={() => onAction("delete")}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </GuardedButton>
      </div>
    </div>
  );
}
