import type { PropertyType } from "../../contract/files.ts";
import type { Property } from "../../contract/properties.ts";
import type { FilterOp, PropertyCondition } from "./filter-document.ts";

/** What an operator's value is chosen with; `none` takes no value (or a fixed one, as checkboxes). */
export type ValueInputKind = "option" | "options" | "member" | "date" | "text" | "none";

export interface OperatorChoice {
  /** Unique within a type (a checkbox's two choices share `eq`). */
  id: string;
  label: string;
  op: FilterOp;
  input: ValueInputKind;
  /** The value of a choice that takes none from the user (checkboxes). */
  fixed?: boolean;
}

const choice = (op: FilterOp, label: string, input: ValueInputKind, fixed?: boolean): OperatorChoice => ({
  id: fixed === undefined ? op : `${op}:${fixed}`,
  label,
  op,
  input,
  fixed,
});

const EMPTY = choice("is_empty", "is empty", "none");
const NOT_EMPTY = choice("is_not_empty", "is not empty", "none");
const OPTION_OPERATORS = [
  choice("eq", "is", "option"),
  choice("neq", "is not", "option"),
  choice("in", "is any of", "options"),
  EMPTY,
  NOT_EMPTY,
];

/** The operators offered for each property type, the first the default. */
export const OPERATORS: Record<PropertyType, OperatorChoice[]> = {
  status: OPTION_OPERATORS,
  tag: OPTION_OPERATORS,
  multi_tag: OPTION_OPERATORS,
  person: [choice("eq", "is", "member"), EMPTY, NOT_EMPTY],
  // Date values are kept as midnight UTC of their day, so a day's midnight compares days.
  date: [
    choice("lt", "is before", "date"),
    choice("gt", "is after", "date"),
    choice("lte", "is on or before", "date"),
    choice("gte", "is on or after", "date"),
    EMPTY,
  ],
  checkbox: [choice("eq", "is checked", "none", true), choice("eq", "is not checked", "none", false)],
  text: [choice("contains", "contains", "text"), choice("eq", "is", "text"), EMPTY],
};

/** The operator choice a condition was made with, if the property's type offers it. */
export function operatorOf(type: PropertyType, condition: PropertyCondition): OperatorChoice | undefined {
  return OPERATORS[type].find(
    (o) => o.op === condition.op && (o.fixed === undefined || o.fixed === condition.value),
  );
}

/** A date input's day as the timestamp the filter compares with, and back. */
export const dayToTimestamp = (day: string) => `${day}T00:00:00.000Z`;
const dayOf = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value);

/**
 * A condition in words, as its chip shows it: "Status is Approved", "Due is before 2026-03-01", "Reviewed is
 * checked". Ids that are no longer known read as such rather than as raw ids.
 */
export function conditionLabel(
  condition: PropertyCondition,
  property: Property | undefined,
  memberName: (id: string) => string | undefined,
): string {
  if (!property) return "Unknown property filter";
  const operator = operatorOf(property.type, condition);
  const verb = operator?.label ?? condition.op.replaceAll("_", " ");
  const option = (id: string) => property.options.find((o) => o.id === id)?.label ?? "an unknown option";
  const words = (value: unknown): string => {
    if (Array.isArray(value)) return value.map(words).join(", ");
    if (typeof value !== "string") return "";
    switch (operator?.input) {
      case "option":
      case "options":
        return option(value);
      case "member":
        return memberName(value) ?? "an unknown member";
      case "date":
        return dayOf(value);
      default:
        return `“${value}”`;
    }
  };
  const value = operator?.input === "none" ? "" : words(condition.value);
  return [property.name, verb, value].filter(Boolean).join(" ");
}
