import { z } from "zod";
import {
  FILTER_FIELDS,
  FILTER_LIMITS,
  FILTER_OPS,
  type FilterField,
  type FilterOp,
} from "../../contract/filter.ts";
import { validationError } from "../platform/errors.ts";
import { firstUnstorableText } from "../platform/validation.ts";

export { FILTER_FIELDS, FILTER_OPS, type FilterField, type FilterOp };

export type Condition =
  | { field: FilterField; op: FilterOp; value?: unknown }
  | { property_id: string; op: FilterOp; value?: unknown };
export type FilterNode = { and: FilterNode[] } | { or: FilterNode[] } | { not: FilterNode } | Condition;

const MAX_DEPTH = FILTER_LIMITS.depth;
const MAX_CONDITIONS = FILTER_LIMITS.conditions;

const ConditionSchema = z.union([
  z.strictObject({ field: z.enum(FILTER_FIELDS), op: z.enum(FILTER_OPS), value: z.unknown().optional() }),
  z.strictObject({ property_id: z.string().min(1), op: z.enum(FILTER_OPS), value: z.unknown().optional() }),
]);

/** Parses the URL-decoded `filter` parameter into a validated tree (groups nested ≤ 5 deep, ≤ 50 conditions). */
export function parseFilterDocument(text: string): FilterNode {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid("is not valid JSON");
  }
  // JSON escapes (`\u0000`, a lone `\ud800`) pass the query's own check on the raw text.
  const unstorable = firstUnstorableText(json);
  if (unstorable) throw invalid(unstorable.message, unstorable.path ? `filter.${unstorable.path}` : "filter");
  let conditions = 0;
  // `depth` counts the groups (and, or, not) around a node, as nesting levels are usually counted: five groups
  // inside each other are allowed, a sixth is not; the conditions they hold are not a level.
  const visit = (node: unknown, depth: number, path: string): FilterNode => {
    if (!node || typeof node !== "object" || Array.isArray(node)) throw invalid("must be an object", path);
    const keys = Object.keys(node);
    const group = keys.length === 1 ? keys[0] : undefined;
    const isGroup = group === "and" || group === "or" || group === "not";
    if (isGroup && depth >= MAX_DEPTH) throw invalid(`nests groups more than ${MAX_DEPTH} deep`, path);
    if (group === "and" || group === "or") {
      const children = (node as Record<string, unknown>)[group];
      if (!Array.isArray(children) || children.length === 0)
        throw invalid(`${group} takes a non-empty array`, path);
      return { [group]: children.map((c, i) => visit(c, depth + 1, `${path}.${group}.${i}`)) } as FilterNode;
    }
    if (group === "not") return { not: visit((node as { not: unknown }).not, depth + 1, `${path}.not`) };
    const parsed = ConditionSchema.safeParse(node);
    if (!parsed.success) {
      throw invalid(
        "must be {and:[…]}, {or:[…]}, {not:…} or a condition {field|property_id, op, value}",
        path,
      );
    }
    conditions += 1;
    if (conditions > MAX_CONDITIONS) throw invalid(`has more than ${MAX_CONDITIONS} conditions`);
    // A value beside is_empty would be ignored: most likely another op was meant (null says "no value").
    const { op, value } = parsed.data;
    if ((op === "is_empty" || op === "is_not_empty") && value !== undefined && value !== null)
      throw invalid(`${op} takes no value`, `${path}.value`);
    return parsed.data as Condition;
  };
  return visit(json, 0, "filter");
}

export const hasTopLevelOr = (node: FilterNode) => "or" in node;

export function propertyIdsOf(node: FilterNode): string[] {
  if ("and" in node) return node.and.flatMap(propertyIdsOf);
  if ("or" in node) return node.or.flatMap(propertyIdsOf);
  if ("not" in node) return propertyIdsOf(node.not);
  return "property_id" in node ? [node.property_id] : [];
}

/** Every condition, wherever it is in the document. */
export function conditionsOf(node: FilterNode): Condition[] {
  if ("and" in node) return node.and.flatMap(conditionsOf);
  if ("or" in node) return node.or.flatMap(conditionsOf);
  if ("not" in node) return conditionsOf(node.not);
  return [node];
}

/** The conditions on properties, wherever they are in the document. */
export function propertyConditionsOf(node: FilterNode): Extract<Condition, { property_id: string }>[] {
  return conditionsOf(node).filter(
    (c): c is Extract<Condition, { property_id: string }> => "property_id" in c,
  );
}

export function invalid(message: string, param = "filter") {
  return validationError([{ param, message }]);
}
