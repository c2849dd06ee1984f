import type { z } from "zod";
import { ERROR_STATUS, ErrorBody } from "./errors.ts";
import {
  ERROR_RESPONSE_HEADERS,
  ERROR_RESPONSE_STATUS,
  ERROR_RESPONSES,
  type ErrorResponseName,
  errorResponsesOf,
  RESPONSE_HEADERS,
  successHeadersOf,
  takesIdempotencyKey,
} from "./openapi-responses.ts";
import { createSchemaRegistry, type JsonSchema, type SchemaRegistry } from "./openapi-schemas.ts";
import { bodyMayBeOmitted, type Operation } from "./operation.ts";
import { scopeLabel } from "./scope-table.ts";

export interface OpenApiOptions {
  version: string;
  servers: { url: string; description: string }[];
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };

/** The plane tags: which host serves an operation. */
const PLANE_TAGS = [
  { name: "central", description: "Served by the central host, the same address in every region." },
  { name: "regional", description: "Served by the regional host of the brandspace's region." },
  { name: "both", description: "Served by either host." },
];

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests and answers. */
export function buildOpenApiDocument(operations: Operation[], options: OpenApiOptions): JsonSchema {
  const registry = createSchemaRegistry();
  registry.toSchema(ErrorBody, "output", "Error");
  const usedErrors = new Set<ErrorResponseName>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = paths[op.path] ?? {};
    paths[op.path] = item;
    const method = op.method.toLowerCase();
    if (item[method]) throw new Error(`${op.method} ${op.path} is defined twice (${op.id}).`);
    const errors = errorResponsesOf(op);
    for (const name of errors) usedErrors.add(name);
    item[method] = operationObject(op, registry, errors);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Brandspace Asset Service API",
      version: options.version,
      description:
        "HTTP/JSON API for a brandspace of brand assets. Each operation names its host in `x-plane` and in its tags " +
        "(central, regional or both) and what its key needs in `x-scope` (a scope, `any valid key` or `none`).",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: options.servers,
    tags: [
      ...[...new Set(operations.map((o) => o.tag))].map((name) => ({
        name,
        description: `${name} operations.`,
      })),
      ...PLANE_TAGS,
    ],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key: bsk_<region>_<secret>." },
      },
      schemas: registry.components,
      headers: RESPONSE_HEADERS,
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "1 to 255 characters. The same request with the same key within 24 h replays the stored answer.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      },
      responses: Object.fromEntries(
        [...usedErrors].map((name) => [
          name,
          {
            description: ERROR_RESPONSES[name],
            headers: Object.fromEntries(
              ["X-Request-Id", ...(ERROR_RESPONSE_HEADERS[name] ?? [])].map((header) => [
                header,
                { $ref: `#/components/headers/${header}` },
              ]),
            ),
            content: { "application/json": { schema: ERROR_REF } },
          },
        ]),
      ),
    },
  };
}

function operationObject(op: Operation, registry: SchemaRegistry, errors: ErrorResponseName[]) {
  const answer = (description: string) => ({
    description,
    headers: successHeadersOf(op),
    content: {
      "application/json": { schema: registry.toSchema(op.response, "output", `${op.id}Response`) },
    },
  });
  return {
    operationId: op.id,
    summary: op.summary,
    // The specification tags each operation with its plane; the area tag groups it for readers.
    tags: [op.tag, op.plane],
    "x-plane": op.plane,
    "x-scope": scopeLabel(op),
    security: op.auth === "key" ? [{ bearer: [] }] : [],
    parameters: [
      ...parametersOf(op, op.params, "path", registry),
      ...parametersOf(op, op.query, "query", registry),
      ...(takesIdempotencyKey(op) ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: !bodyMayBeOmitted(op.body),
            content: {
              "application/json": { schema: registry.toSchema(op.body, "input", `${op.id}Body`) },
            },
          },
        }
      : {}),
    responses: {
      [String(op.status)]: answer(op.summary),
      ...(op.alsoAnswers ? { [String(op.alsoAnswers.status)]: answer(op.alsoAnswers.description) } : {}),
      ...Object.fromEntries(
        errors.map((name) => [ERROR_RESPONSE_STATUS[name], { $ref: `#/components/responses/${name}` }]),
      ),
      default: {
        description: `Any other error (${distinctStatuses().join(", ")}).`,
        content: { "application/json": { schema: ERROR_REF } },
      },
    },
  };
}

const distinctStatuses = () => [...new Set(Object.values(ERROR_STATUS))];

function parametersOf(
  op: Operation,
  schema: z.ZodType | undefined,
  location: "path" | "query",
  registry: SchemaRegistry,
) {
  if (!schema) return [];
  const context = `${op.id}${location === "path" ? "Params" : "Query"}`;
  const json = registry.toInlineSchema(schema, "input", context) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, propertySchema]) => ({
    name,
    in: location,
    // OpenAPI requires path parameters to be required.
    required: location === "path" || (json.required ?? []).includes(name),
    ...(typeof propertySchema.description === "string" ? { description: propertySchema.description } : {}),
    schema: propertySchema,
  }));
}
