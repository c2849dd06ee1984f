import fc from "fast-check";
import { z } from "zod";
import type { Operation } from "../../../contract/operation.ts";
import { hostileString, hostileValue, safeUrl } from "./hostile-values.ts";

export interface FuzzRequest {
  method: string;
  path: string;
  /** JSON-encoded unless `raw`. */
  body?: unknown;
  raw?: string;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Ids of real resources by kind, so that fuzzed requests reach the code behind the 404s too. */
export type IdPool = Record<string, string[]>;

/** Builds arbitrary requests for one operation: real or hostile path ids, typed or hostile query and body. */
export function requestArbitrary(operation: Operation, ids: IdPool): fc.Arbitrary<FuzzRequest> {
  const pathArb = pathArbitrary(operation.path, ids);
  const queryArb = operation.query ? queryArbitrary(schemaOf(operation.query), ids) : fc.constant("");
  const bodyArb = operation.body ? bodyArbitrary(schemaOf(operation.body), ids) : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, bodyArb).map(([path, query, body]) => ({
    method: operation.method,
    path: `${path}${query}`,
    ...(typeof body === "object" && body !== null && "raw" in body ? { raw: String(body.raw) } : { body }),
  }));
}

function schemaOf(schema: Operation["body"]): JsonSchema {
  try {
    // A fresh registry: ids registered for the OpenAPI document would turn nested schemas into $refs.
    return z.toJSONSchema(schema!, {
      io: "input",
      unrepresentable: "any",
      metadata: z.registry(),
    }) as JsonSchema;
  } catch {
    return {};
  }
}

function pathArbitrary(template: string, ids: IdPool): fc.Arbitrary<string> {
  const parts = template.split(/(\{\w+\})/);
  return fc
    .tuple(
      ...parts.map((part) => {
        const param = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!param) return fc.constant(part);
        const pool = ids[param] ?? [];
        const real = pool.length > 0 ? fc.constantFrom(...pool) : fc.constant("x");
        return fc.oneof(
          { weight: 3, arbitrary: real },
          { weight: 1, arbitrary: hostileString.map(encodePath) },
        );
      }),
    )
    .map((segments) => segments.join(""));
}

function encodePath(text: string): string {
  return encodeURIComponent(wellFormed(text.slice(0, 300))) || "%20";
}

function queryArbitrary(schema: JsonSchema, ids: IdPool): fc.Arbitrary<string> {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return fc.constant("");
  return fc
    .tuple(
      ...entries.map(([name, prop]) =>
        fc.option(
          fc.oneof(typedValue(name, prop, ids, 0), hostileString).map((v) => [name, String(v)] as const),
          { nil: undefined, freq: 2 },
        ),
      ),
    )
    .map((pairs) => {
      const present = pairs.filter((p): p is readonly [string, string] => p !== undefined);
      if (present.length === 0) return "";
      return `?${present.map(([k, v]) => `${k}=${encodeURIComponent(wellFormed(v.slice(0, 5_000)))}`).join("&")}`;
    });
}

function bodyArbitrary(schema: JsonSchema, ids: IdPool): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: objectValue(schema, ids, 0) },
    { weight: 1, arbitrary: hostileValue },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"a":', "\u0000", "[".repeat(10_000), "{}garbage").map((raw) => ({ raw })),
    },
    {
      weight: 1,
      arbitrary: objectValue(schema, ids, 0).map((value) => ({ ...(value as object), unknown_field: 1 })),
    },
  );
}

function objectValue(schema: JsonSchema, ids: IdPool, depth: number): fc.Arbitrary<unknown> {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return fc.constant({});
  return fc
    .tuple(
      ...entries.map(([name, prop]) =>
        fc.option(
          fc.oneof(
            { weight: 4, arbitrary: typedValue(name, prop, ids, depth + 1) },
            { weight: 1, arbitrary: hostileValue },
          ),
          { nil: undefined, freq: 3 },
        ),
      ),
    )
    .map((values) =>
      Object.fromEntries(
        entries.flatMap(([name], i) => (values[i] === undefined ? [] : [[name, values[i]]])),
      ),
    );
}

/** A value of the schema's type, most of the time a valid one, reaching the rules behind type checks. */
function typedValue(name: string, schema: JsonSchema, ids: IdPool, depth: number): fc.Arbitrary<unknown> {
  if (/url$/i.test(name)) return safeUrl;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => typedValue(name, v, ids, depth)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const idKind = /^(\w+?)_ids?$/.exec(name)?.[1];
  const pool = idKind ? ids[`${idKind}Id`] : undefined;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      if (pool?.length) return fc.constantFrom(...pool);
      if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ maxLength: 30 });
    case "integer":
      return fc.oneof(fc.integer({ min: -5, max: 1_000 }), fc.constantFrom(2 ** 53, -(2 ** 53)));
    case "number":
      return fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ noNaN: true }));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (idKind && pool?.length) return fc.array(fc.constantFrom(...pool), { maxLength: 5 });
      const item = schema.items && depth < 4 ? typedValue(name, schema.items, ids, depth + 1) : hostileValue;
      return fc.array(item, { maxLength: 5 });
    }
    case "object":
      return depth < 4 ? objectValue(schema, ids, depth) : fc.constant({});
    default:
      return hostileValue;
  }
}

/** Lone surrogates cannot be percent-encoded as UTF-8: they travel as U+FFFD (in JSON bodies they stay as they are). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
