import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Operation } from "../../contract/operation.ts";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import type { AuthContext } from "./auth.ts";

type Out<T> = [T] extends [z.ZodType] ? z.output<T> : undefined;

export interface HandlerContext<Op extends Operation> {
  params: Out<NonNullable<Op["params"]>>;
  query: Out<NonNullable<Op["query"]>>;
  body: Out<NonNullable<Op["body"]>>;
  /** The caller; present on every operation with `auth: "key"`. */
  auth: AuthContext;
  /** The database, or for a mutating operation the transaction its change and events commit in. */
  db: Db;
  deps: ServiceDeps;
  requestId: string;
  request: FastifyRequest;
  /** Sets a response header that is also replayed with an idempotent answer. */
  setHeader(name: string, value: string): void;
}

export interface RouteOptions {
  /**
   * Mutating operations run in one transaction by default. Opt out for handlers that stream bytes or call out
   * and manage their own short transactions.
   */
  transactional?: boolean;
  /**
   * The handler writes the reply itself (a stream, a redirect); its return value is ignored.
   */
  raw?: boolean;
}

export interface RouteDef {
  operation: Operation;
  handler: (ctx: HandlerContext<Operation>, reply: FastifyReply) => Promise<unknown>;
  options: RouteOptions;
}

/** Binds a handler to its contract operation; the platform validates input and serializes the answer. */
export function route<Op extends Operation>(
  operation: Op,
  handler: NoInfer<(ctx: HandlerContext<Op>, reply: FastifyReply) => Promise<z.input<Op["response"]>>>,
  options: RouteOptions = {},
): RouteDef {
  return { operation, handler: handler as RouteDef["handler"], options };
}
