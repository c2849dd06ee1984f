import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "./openapi.ts";
import { defineOperation, type Operation } from "./operation.ts";
import { allOperations } from "./operations/index.ts";
import { scopeLabel } from "./scope-table.ts";

type Json = Record<string, unknown>;
const options = {
  version: "0.0.0-test",
  servers: [{ url: "http://127.0.0.1:4000", description: "central" }],
};

function collectRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, refs);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") refs.push(inner);
      else collectRefs(inner, refs);
    }
  }
  return refs;
}

function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], document);
}

function operationOf(document: Json, op: Pick<Operation, "path" | "method">) {
  const paths = document.paths as Record<string, Record<string, Json>>;
  return paths[op.path]?.[op.method.toLowerCase()];
}

describe("buildOpenApiDocument over allOperations", () => {
  const document = buildOpenApiDocument(allOperations, options);

  it("is OpenAPI 3.1 with one operation object per contract operation", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const op of allOperations) {
      const generated = operationOf(document, op);
      expect(generated, `${op.method} ${op.path}`).toBeDefined();
      expect(generated).toMatchObject({ operationId: op.id, "x-plane": op.plane, "x-scope": scopeLabel(op) });
      expect(generated?.tags).toContain(op.plane);
    }
    const ids = allOperations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares exactly the path parameters of each path template", () => {
    for (const op of allOperations) {
      const template = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const parameters = (operationOf(document, op)!.parameters as { in: string; name: string }[])
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort();
      expect(parameters, op.id).toEqual(template);
    }
  });

  it("has no dangling $ref and no JSON Schema leftovers that OpenAPI cannot resolve", () => {
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(resolvePointer(document, ref), ref).toBeDefined();
    const text = JSON.stringify(document);
    expect(text).not.toContain("$defs");
    expect(text).not.toContain('"$schema"');
  });

  it("states what the service does where a careful client looks: defaults, headers, the health 503", () => {
    const byId = (id: string) => operationOf(document, allOperations.find((op) => op.id === id)!)!;
    const limitDefault = (id: string) =>
      (byId(id).parameters as { name: string; schema: { default?: number } }[]).find(
        (p) => p.name === "limit",
      )!.schema.default;
    expect(limitDefault("listFiles")).toBe(50);
    expect(limitDefault("listSimilarFiles")).toBe(20);
    expect(limitDefault("listEventTypes")).toBe(100);
    expect((byId("getHealth").responses as Json)["503"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Health" } } },
    });
    // Every POST takes an Idempotency-Key, a visitor's too.
    for (const op of allOperations.filter((op) => op.method === "POST")) {
      expect(collectRefs(operationOf(document, op)!.parameters), op.id).toContain(
        "#/components/parameters/IdempotencyKey",
      );
    }
    const responses = (document.components as Json).responses as Record<string, { headers: Json }>;
    expect(Object.keys(responses.RateLimited!.headers)).toContain("Retry-After");
    expect(Object.keys(responses.Unauthorized!.headers)).toContain("WWW-Authenticate");
  });

  it("declares 404 where a body names items, 409 on every change, and 403 and 409 on visitors' shared link and transfer calls", () => {
    const statuses = (id: string) =>
      Object.keys(operationOf(document, allOperations.find((op) => op.id === id)!)!.responses as Json);
    for (const id of ["updateComment", "deleteComment", "updateTransfer", "deleteFile"])
      expect(statuses(id), id).toContain("409");
    for (const id of ["createZipDownload", "createTransfer", "createFolder"])
      expect(statuses(id), id).toContain("404");
    const visitorCalls = allOperations.filter((op) =>
      /^\/v1\/public\/(shared-links|transfers)\//.test(op.path),
    );
    expect(visitorCalls.length).toBeGreaterThan(5);
    for (const op of visitorCalls)
      expect(statuses(op.id), op.id).toEqual(expect.arrayContaining(["403", "409"]));
  });

  it("defines the Error schema and refers to it from every operation", () => {
    const schemas = (document.components as Json).schemas as Json;
    expect(schemas.Error).toMatchObject({ type: "object", required: expect.arrayContaining(["code"]) });
    expect(collectRefs(schemas.Error)).not.toContain("#/components/schemas/Error");
    for (const op of allOperations) {
      expect(collectRefs(operationOf(document, op)!.responses), op.id).toContain(
        "#/components/schemas/Error",
      );
    }
  });
});

describe("buildOpenApiDocument schema handling", () => {
  const Thing = z.object({ name: z.string(), size: z.number().int().default(0) }).meta({ id: "Thing" });
  const op = (overrides: Partial<Operation>): Operation =>
    defineOperation({
      id: "op",
      method: "GET",
      path: "/v1/things",
      plane: "regional",
      auth: "key",
      tag: "Things",
      summary: "Things.",
      status: 200,
      response: Thing,
      ...overrides,
    });
  const schemasOf = (document: Json) => (document.components as Json).schemas as Record<string, Json>;

  it("names the request form of an id'd schema <id>Input when it differs from the response form", () => {
    const document = buildOpenApiDocument(
      [op({}), op({ id: "create", method: "POST", body: Thing, status: 201 })],
      options,
    );
    expect(schemasOf(document).Thing!.required).toEqual(["name", "size"]);
    expect(schemasOf(document).ThingInput!.required).toEqual(["name"]);
  });

  it("refuses two different schemas with the same id", () => {
    const Other = z.object({ other: z.string() }).meta({ id: "Thing" });
    expect(() =>
      buildOpenApiDocument([op({}), op({ id: "other", path: "/v1/others", response: Other })], options),
    ).toThrow(/Thing/);
  });

  it("turns a recursive schema without an id into a component instead of a root reference", () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const Node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const document = buildOpenApiDocument([op({ id: "tree", response: Node })], options);
    expect(collectRefs(document)).not.toContain("#");
    for (const ref of collectRefs(document)) expect(resolvePointer(document, ref), ref).toBeDefined();
    expect(schemasOf(document).treeResponse).toBeDefined();
  });

  it("takes path parameters from a params schema that carries an id", () => {
    const Params = z.strictObject({ thingId: z.string() }).meta({ id: "ThingParams" });
    const document = buildOpenApiDocument([op({ path: "/v1/things/{thingId}", params: Params })], options);
    const generated = operationOf(document, { path: "/v1/things/{thingId}", method: "GET" })!;
    expect(generated.parameters).toEqual([
      { name: "thingId", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(schemasOf(document).ThingParams).toBeUndefined();
  });

  it("refuses the same method and path twice", () => {
    expect(() => buildOpenApiDocument([op({}), op({ id: "again" })], options)).toThrow(/twice/);
  });
});
