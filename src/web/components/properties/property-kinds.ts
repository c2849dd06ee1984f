import { HexColor } from "../../../contract/common.ts";
import type { PropertyType } from "../../../contract/files.ts";
import { OPTION_TYPES } from "../../../contract/properties.ts";
import { plural } from "../../lib/format.ts";

/** How the dashboard names each type of property. */
export const TYPE_LABELS: Record<PropertyType, string> = {
  status: "Status",
  person: "Person",
  date: "Date",
  checkbox: "Checkbox",
  text: "Text",
  multi_tag: "Multi-tag",
  tag: "Tag",
};

export const TYPE_HINTS: Record<PropertyType, string> = {
  status: "One option of a list, such as Draft, In review, Approved.",
  person: "One member of the brandspace.",
  date: "A calendar day.",
  checkbox: "Yes or no.",
  text: "Free text.",
  multi_tag: "Any number of options of a list.",
  tag: "Options of a list: any number, or one when set to single.",
};

export const hasOptions = (type: PropertyType) => (OPTION_TYPES as readonly string[]).includes(type);

/** Option colours offered by the dashboard (the API takes any `#rrggbb`); new options are grey by default. */
export const OPTION_COLORS = [
  { name: "Grey", hex: "#9ca3af" },
  { name: "Red", hex: "#dc2626" },
  { name: "Orange", hex: "#ea580c" },
  { name: "Amber", hex: "#d97706" },
  { name: "Green", hex: "#059669" },
  { name: "Cyan", hex: "#0891b2" },
  { name: "Blue", hex: "#2563eb" },
  { name: "Violet", hex: "#7c3aed" },
  { name: "Pink", hex: "#db2777" },
] as const;

/** What the API takes as a colour (`#rrggbb` or `#rgb`). */
export const isHexColor = (text: string) => HexColor.safeParse(text).success;

/** What deleting a property clears, from its `value_count`. */
export function clearedText(count: number): string {
  if (count === 0) return "No file holds a value of it.";
  return `This clears its value on ${plural(count, "file")}.`;
}
