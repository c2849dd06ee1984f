import type { Option, Property } from "../../contract/properties.ts";
import type { OptionRow, PropertyRow } from "./properties.repository.ts";

export function toOption(row: OptionRow): Option {
  return {
    object: "option",
    id: row.id,
    label: row.label,
    color: row.color,
    hidden: row.hidden,
    position: row.position,
  };
}

export function toProperty(row: PropertyRow, options: OptionRow[], valueCount: number): Property {
  return {
    object: "property",
    id: row.id,
    scope: row.boardId === null ? "brandspace" : "board",
    board_id: row.boardId,
    name: row.name,
    type: row.type,
    selection_mode: row.selectionMode,
    hidden: row.hidden,
    options: options.map(toOption),
    position: row.position,
    value_count: valueCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The event snapshot of the decisions document. */
export const propertyEventData = (row: PropertyRow) => ({
  object: "property",
  id: row.id,
  name: row.name,
  type: row.type,
  scope: row.boardId === null ? "brandspace" : "board",
  board_id: row.boardId,
});
