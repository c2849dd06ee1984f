import { z } from "zod";

export type JsonSchema = Record<string, unknown>;
export type SchemaIo = "input" | "output";

/**
 * Converts zod schemas to OpenAPI 3.1 schemas and collects the named ones (`.meta({ id })`) into
 * `components.schemas`, so that every operation refers to one shared definition.
 */
export interface SchemaRegistry {
  readonly components: Record<string, JsonSchema>;
  /** `context` names anonymous definitions (cycles) of this conversion, e.g. `listFoldersResponse`. */
  toSchema(schema: z.ZodType, io: SchemaIo, context: string): JsonSchema;
  /** As toSchema, but an id on the root itself is ignored: parameters need the object's own properties. */
  toInlineSchema(schema: z.ZodType, io: SchemaIo, context: string): JsonSchema;
}

const COMPONENT_NAME = /^[a-zA-Z0-9._-]+$/;

export function createSchemaRegistry(): SchemaRegistry {
  const components: Record<string, JsonSchema> = {};
  return {
    components,
    toSchema(schema, io, context) {
      const { $defs = {}, $schema: _dialect, ...root } = convert(schema, io);
      return register(root, $defs as Record<string, JsonSchema>, io, context, components);
    },
    toInlineSchema(schema, io, context) {
      const { $defs = {}, $schema: _dialect, ...root } = convert(schema, io);
      const defs = { ...($defs as Record<string, JsonSchema>) };
      const id = typeof root.$ref === "string" ? root.$ref.replace(/^#\/\$defs\//, "") : undefined;
      if (!id || !defs[id] || containsRef(defs, `#/$defs/${id}`)) {
        return register(root, defs, io, context, components);
      }
      const { [id]: inlined, ...rest } = defs;
      return register(inlined!, rest, io, context, components);
    },
  };
}

function register(
  root: JsonSchema,
  defs: Record<string, JsonSchema>,
  io: SchemaIo,
  context: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const names = componentNames(defs, io, context, components);
  // zod answers a recursive schema without an id with `$ref: "#"`, which means the document root in OpenAPI.
  const recursiveRoot = containsRef(root, "#") || containsRef(defs, "#");
  if (recursiveRoot) names.set("#", uniqueName(context, components));
  for (const [def, name] of names) {
    if (def !== "#") components[name] ??= rewriteRefs(defs[def], names) as JsonSchema;
  }
  if (!recursiveRoot) return rewriteRefs(root, names) as JsonSchema;
  const name = names.get("#")!;
  components[name] = rewriteRefs(root, names) as JsonSchema;
  return { $ref: `#/components/schemas/${name}` };
}

function convert(schema: z.ZodType, io: SchemaIo): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
}

/**
 * Picks the component name of every definition of one conversion. An id keeps its name when the definition equals
 * the registered one; the request form of a schema that differs from its response form (defaults make fields
 * optional, non-strict objects accept more) becomes `<id>Input`; two different schemas with one id are a bug.
 */
function componentNames(
  defs: Record<string, JsonSchema>,
  io: SchemaIo,
  context: string,
  components: Record<string, JsonSchema>,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const def of Object.keys(defs)) {
    names.set(
      def,
      def.startsWith("__") ? uniqueName(`${context}_${def.replace(/^_+/, "")}`, components) : def,
    );
  }
  // Renaming one definition changes the references inside the others, so repeat until no name moves.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [def, name] of names) {
      const existing = components[name];
      if (!existing || sameJson(existing, rewriteRefs(defs[def], names))) continue;
      if (io === "input" && name === def) {
        names.set(def, `${def}Input`);
        changed = true;
        continue;
      }
      throw new Error(`Two different zod schemas carry the OpenAPI id "${def}"; give each its own id.`);
    }
  }
  for (const name of names.values()) {
    if (!COMPONENT_NAME.test(name)) throw new Error(`"${name}" is not a valid OpenAPI component name.`);
  }
  return names;
}

function uniqueName(base: string, components: Record<string, JsonSchema>): string {
  let name = base;
  for (let n = 2; components[name]; n++) name = `${base}${n}`;
  return name;
}

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key !== "$ref" || typeof inner !== "string") return [key, rewriteRefs(inner, names)];
      const def = inner === "#" ? "#" : inner.replace(/^#\/\$defs\//, "");
      const name = names.get(def);
      return [key, name ? `#/components/schemas/${name}` : inner];
    }),
  );
}

function containsRef(value: unknown, target: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsRef(item, target));
  if (!value || typeof value !== "object") return false;
  return Object.entries(value).some(([key, inner]) =>
    key === "$ref" ? inner === target : containsRef(inner, target),
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
