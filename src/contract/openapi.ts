import { z } from "zod";
import { ERROR_STATUS, ErrorBody } from "./errors.ts";
import type { Operation } from "./operation.ts";

export interface OpenApiOptions {
  version: string;
  servers: { url: string; description: string }[];
}

type JsonSchema = Record<string, unknown>;

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests and answers. */
export function buildOpenApiDocument(operations: Operation[], options: OpenApiOptions): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const toSchema = (schema: z.ZodType, io: "input" | "output") => hoist(convert(schema, io), components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = paths[op.path] ?? {};
    paths[op.path] = item;
    item[op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      tags: [op.tag],
      "x-plane": op.plane,
      ...(op.scope ? { "x-scope": op.scope } : {}),
      security: op.auth === "key" ? [{ bearer: [] }] : [],
      parameters: [
        ...parametersOf(op.params, "path", toSchema),
        ...parametersOf(op.query, "query", toSchema),
      ],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: toSchema(op.body, "input") } },
            },
          }
        : {}),
      responses: {
        [String(op.status)]: {
          description: op.summary,
          content: { "application/json": { schema: toSchema(op.response, "output") } },
        },
        default: {
          description: `An error (${Object.values(ERROR_STATUS)
            .filter((v, i, a) => a.indexOf(v) === i)
            .join(", ")}).`,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
  }
  components.Error ??= hoist(convert(ErrorBody, "output"), components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Brandspace Asset Service API",
      version: options.version,
      description:
        "HTTP/JSON API for a brandspace of brand assets. Central and regional planes: see x-plane.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: options.servers,
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({
      name,
      description: `${name} operations.`,
    })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key: bsk_<region>_<secret>." },
      },
      schemas: components,
    },
  };
}

function convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
}

/** Moves `$defs` of a converted schema into components and rewrites their references. */
function hoist(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, $schema: _ignored, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= rewriteRefs(def) as JsonSchema;
  return rewriteRefs(rest) as JsonSchema;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) =>
        k === "$ref" && typeof v === "string"
          ? [k, v.replace("#/$defs/", "#/components/schemas/")]
          : [k, rewriteRefs(v)],
      ),
    );
  }
  return value;
}

function parametersOf(
  schema: z.ZodType | undefined,
  location: "path" | "query",
  toSchema: (s: z.ZodType, io: "input" | "output") => JsonSchema,
) {
  if (!schema) return [];
  const json = toSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    ...(typeof propertySchema.description === "string" ? { description: propertySchema.description } : {}),
    schema: propertySchema,
  }));
}
