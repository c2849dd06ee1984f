import type { FastifyReply, FastifyRequest } from "fastify";
import type { RateCounter } from "../../contract/meta.ts";
import type { ServiceDeps } from "../deps.ts";
import { type AuthContext, authenticate, singleAuthorization } from "./auth.ts";
import { consumeCounters, exceeded, rateLimitHeaders, tightest } from "./rate-limits.ts";

/** Consumes `counters` of the caller's brandspace: a 429 once one is used up, else the tightest one's headers. */
export async function countRequest(
  reply: FastifyReply,
  deps: ServiceDeps,
  counters: RateCounter[],
  auth: AuthContext,
) {
  const states = await consumeCounters(
    deps.rateCounters,
    auth.brandspace.id,
    counters,
    deps.config.rateLimits,
  );
  const over = exceeded(states);
  if (over) throw over;
  reply.headers(rateLimitHeaders(tightest(states)));
}

/**
 * A request to no operation (an unknown path, a method the path does not have, a path the router refused) that
 * came with a valid key is still a request of its brandspace: it counts, and its 404, 405 or 400 carries the
 * RateLimit headers as every authenticated answer does. Without a valid key it is answered as it is, not 401: the
 * path is no one's.
 */
export async function countIfKeyed(request: FastifyRequest, reply: FastifyReply, deps: ServiceDeps) {
  let auth: AuthContext;
  try {
    const authorization = singleAuthorization(request.raw.rawHeaders);
    if (authorization === undefined) return;
    auth = await authenticate(deps.db, authorization);
  } catch {
    return;
  }
  request.auth = auth;
  await countRequest(reply, deps, ["sustained", "month"], auth);
}
