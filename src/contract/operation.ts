import type { z } from "zod";
import type { Plane, RateCounter } from "./meta.ts";
import type { Scope } from "./scopes.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One API operation: the single description from which the service registers and validates its route,
 * the OpenAPI document is generated and the dashboard's client is typed.
 */
export interface Operation<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  /** OpenAPI form: `/v1/members/{user_id}`. */
  path: string;
  plane: Plane;
  /** `key`: a valid key and, if set, `scope`; `none`: no key (health, openapi, public paths). */
  auth: "key" | "none";
  scope?: Scope;
  /** Counters besides `sustained` and `month` that every call consumes (e.g. `uploads`). */
  counters?: RateCounter[];
  tag: string;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** `binary`: the request body is raw bytes streamed by the handler (uploads), not JSON. */
  bodyKind?: "json" | "binary";
  status: number;
  response: Response;
  /** Another status answered with the same body (health: 503 when a dependency is down), and when. */
  alsoAnswers?: { status: number; description: string };
}

export function defineOperation<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
>(op: Operation<Params, Query, Body, Response>): Operation<Params, Query, Body, Response> {
  return op;
}

const omittableBodies = new WeakMap<object, boolean>();

/**
 * Whether every field of a body is optional (`POST /v1/transfers`): then no body at all is read as `{}`, as a
 * Stripe-style API does, and the OpenAPI document marks the body not required.
 */
export function bodyMayBeOmitted(schema: z.ZodType): boolean {
  let omittable = omittableBodies.get(schema);
  if (omittable === undefined) {
    omittable = schema.safeParse({}).success;
    omittableBodies.set(schema, omittable);
  }
  return omittable;
}
