import { and, not, or, type SQL, sql } from "drizzle-orm";
import { isDateOrDay } from "../../contract/common.ts";
import { FILE_KINDS, FILE_STATUSES } from "../../contract/files.ts";
import { type Condition, type FilterNode, type FilterOp, invalid } from "./filter-document.ts";
import type { PropertyInfo } from "./property-values.repository.ts";

/** Compiles a parsed filter document to SQL over `files`, given the properties it names. */
export function compileFilter(node: FilterNode, propertiesById: Map<string, PropertyInfo>): SQL {
  if ("and" in node) return and(...node.and.map((n) => compileFilter(n, propertiesById)))!;
  if ("or" in node) return or(...node.or.map((n) => compileFilter(n, propertiesById)))!;
  if ("not" in node) return not(compileFilter(node.not, propertiesById));
  if ("field" in node) return fieldCondition(node);
  const property = propertiesById.get(node.property_id);
  if (!property) throw invalid(`unknown property ${node.property_id}`);
  return propertyCondition(property, node);
}

const COLUMN: Record<string, SQL> = {
  name: sql`files.name`,
  extension: sql`files.extension`,
  kind: sql`files.kind`,
  size: sql`files.size`,
  created_at: sql`files.created_at`,
  created_by_id: sql`files.created_by_id`,
  status: sql`files.status`,
};

/** Fields whose values come from a closed list: a value outside it is a mistake, not an empty result. */
const CLOSED_VALUES: Partial<Record<string, readonly string[]>> = { kind: FILE_KINDS, status: FILE_STATUSES };

function checkClosedValues(c: Extract<Condition, { field: string }>) {
  const allowed = CLOSED_VALUES[c.field];
  if (!allowed || !["eq", "neq", "in", "nin"].includes(c.op)) return;
  const values = Array.isArray(c.value) ? c.value : [c.value];
  const unknown = values.find((v) => typeof v === "string" && !allowed.includes(v));
  if (unknown !== undefined)
    throw invalid(`field ${c.field} is one of ${allowed.join(", ")}; not ${unknown}`);
}

function fieldCondition(c: Extract<Condition, { field: string }>): SQL {
  if (c.field === "tags") return tagsCondition(c.op, c.value);
  checkClosedValues(c);
  const column = COLUMN[c.field]!;
  const cast = c.field === "size" ? "number" : c.field === "created_at" ? "date" : "text";
  return compare(column, c.op, c.value, cast, `field ${c.field}`);
}

type Cast = "text" | "number" | "date" | "boolean";

function literal(value: unknown, cast: Cast, what: string): SQL {
  switch (cast) {
    case "number":
      // Sizes are whole bytes: a fraction or a number past 2^53 is no size a file can have (and no bigint).
      if (!Number.isSafeInteger(value)) throw invalid(`${what} compares with a whole number`);
      return sql`${value}::bigint`;
    case "date":
      if (!isDateOrDay(value)) throw invalid(`${what} compares with an ISO timestamp in the years 1 to 9999`);
      return sql`${new Date(value as string).toISOString()}::timestamptz`;
    case "boolean":
      if (typeof value !== "boolean") throw invalid(`${what} compares with a boolean`);
      return sql`${value}::boolean`;
    default:
      if (typeof value !== "string") throw invalid(`${what} compares with a string`);
      return sql`${value}`;
  }
}

function list(value: unknown, cast: Cast, what: string): SQL {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100)
    throw invalid(`${what} takes a list of 1 to 100 values`);
  return sql.join(
    value.map((v) => literal(v, cast, what)),
    sql`, `,
  );
}

function compare(column: SQL, op: FilterOp, value: unknown, cast: Cast, what: string): SQL {
  switch (op) {
    case "eq":
      return sql`${column} = ${literal(value, cast, what)}`;
    case "neq":
      return sql`${column} is distinct from ${literal(value, cast, what)}`;
    case "in":
      return sql`${column} in (${list(value, cast, what)})`;
    case "nin":
      return sql`(${column} is null or ${column} not in (${list(value, cast, what)}))`;
    case "contains":
      if (cast !== "text") throw invalid(`${what} does not support contains`);
      return sql`${column} ilike ${`%${escapeLike(String(literalText(value, what)))}%`}`;
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      if (cast === "text" || cast === "boolean") throw invalid(`${what} does not support ${op}`);
      const symbol = { gt: ">", gte: ">=", lt: "<", lte: "<=" }[op];
      return sql`${column} ${sql.raw(symbol)} ${literal(value, cast, what)}`;
    }
    case "is_empty":
      return cast === "text" ? sql`(${column} is null or ${column} = '')` : sql`${column} is null`;
    case "is_not_empty":
      return cast === "text" ? sql`(${column} is not null and ${column} <> '')` : sql`${column} is not null`;
  }
}

function literalText(value: unknown, what: string): string {
  if (typeof value !== "string") throw invalid(`${what} compares with a string`);
  return value;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function tagsCondition(op: FilterOp, value: unknown): SQL {
  switch (op) {
    case "eq":
    case "contains":
      return sql`files.tags @> array[${literal(value, "text", "tags")}]::text[]`;
    case "neq":
      return sql`not (files.tags @> array[${literal(value, "text", "tags")}]::text[])`;
    case "in":
      return sql`files.tags && array[${list(value, "text", "tags")}]::text[]`;
    case "nin":
      return sql`not (files.tags && array[${list(value, "text", "tags")}]::text[])`;
    case "is_empty":
      return sql`cardinality(files.tags) = 0`;
    case "is_not_empty":
      return sql`cardinality(files.tags) > 0`;
    default:
      throw invalid(`tags does not support ${op}`);
  }
}

/** A property condition: over the file's value row; a board property also needs the file on that board. */
function propertyCondition(property: PropertyInfo, c: Extract<Condition, { property_id: string }>): SQL {
  const onBoard = property.boardId
    ? sql` and exists (select 1 from board_files bf where bf.board_id = ${property.boardId} and bf.file_id = files.id)`
    : sql``;
  const valueRow = (predicate: SQL) =>
    sql`(exists (select 1 from property_values pv where pv.file_id = files.id and pv.property_id = ${property.id} and ${predicate})${onBoard})`;
  const what = `property ${property.id}`;
  if (c.op === "is_empty") {
    return sql`(not exists (select 1 from property_values pv where pv.file_id = files.id and pv.property_id = ${property.id})${onBoard})`;
  }
  if (c.op === "is_not_empty") return valueRow(sql`true`);
  if (c.op === "neq" || c.op === "nin") {
    const positive = propertyCondition(property, { ...c, op: c.op === "neq" ? "eq" : "in" });
    return property.boardId
      ? sql`(not ${positive} and exists (select 1 from board_files bf where bf.board_id = ${property.boardId} and bf.file_id = files.id))`
      : sql`not ${positive}`;
  }
  switch (property.type) {
    case "status":
      return valueRow(compare(sql`pv.value->>'option_id'`, c.op, c.value, "text", what));
    case "person":
      return valueRow(compare(sql`pv.value->>'user_id'`, c.op, c.value, "text", what));
    case "date":
      return valueRow(compare(sql`(pv.value->>'start')::timestamptz`, c.op, c.value, "date", what));
    case "checkbox":
      if (c.op !== "eq") throw invalid(`${what} supports eq, neq, is_empty and is_not_empty`);
      return valueRow(sql`(pv.value #>> '{}')::boolean = ${literal(c.value, "boolean", what)}`);
    case "text":
      return valueRow(compare(sql`(pv.value #>> '{}')`, c.op, c.value, "text", what));
    case "tag":
    case "multi_tag": {
      const ids = c.op === "in" ? (Array.isArray(c.value) ? c.value : []) : [c.value];
      if (!["eq", "in", "contains"].includes(c.op)) throw invalid(`${what} does not support ${c.op}`);
      list(ids, "text", what);
      const any = ids.map((id) => sql`pv.value @> ${JSON.stringify([{ option_id: id }])}::jsonb`);
      return valueRow(sql`(${sql.join(any, sql` or `)})`);
    }
  }
}
