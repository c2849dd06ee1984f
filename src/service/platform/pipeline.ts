import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import FindMyWay from "find-my-way";
import { JSON_BODY_LIMIT } from "../../contract/common.ts";
import type { RateCounter } from "../../contract/meta.ts";
import type { Operation } from "../../contract/operation.ts";
import { withoutPublicTokens } from "../../shared/public-tokens.ts";
import type { ServiceDeps } from "../deps.ts";
import { httpRequests } from "../metrics/metrics.ts";
import { type AuthContext, authenticate, requireScope, singleAuthorization } from "./auth.ts";
import { discardRestOfBody } from "./discard-body.ts";
import { errorBody, toApiError } from "./error-body.ts";
import { ApiError } from "./errors.ts";
import { checkPlaneBeforeAuth, checkRegion, deprecationHeaders, type Host } from "./planes.ts";
import { countIfKeyed, countRequest } from "./request-counting.ts";
import type { RouteDef } from "./route.ts";
import { runRoute } from "./run-route.ts";

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    operation?: Operation;
  }
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Registers the request pipeline and every route on one listener (central or regional). */
export function registerPipeline(app: FastifyInstance, deps: ServiceDeps, host: Host, routes: RouteDef[]) {
  app.decorateRequest("auth", null);
  registerJsonParser(app);

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
    if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
      throw new ApiError("validation_error", "The request has no Host header.", {
        errors: [{ param: "request", message: "needs a Host header" }],
      });
    }
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    checkPlaneBeforeAuth(host, operation, deps.config);
    if (operation.auth === "none") return;
    const auth = await authenticate(deps.db, singleAuthorization(request.raw.rawHeaders));
    request.auth = auth;
    // Counted whatever the region and scope checks say, so that every authenticated answer (421 and 403 included)
    // carries the RateLimit headers, and a key that keeps knocking on the wrong door is limited too. A refused one
    // counts on `sustained` and `month` only: a key without `files:write` cannot use up the brandspace's uploads.
    let refusal: unknown = null;
    try {
      checkRegion(host, operation, auth.brandspace.region, deps.config);
      if (operation.scope) requireScope(auth, operation.scope);
    } catch (error) {
      refusal = error;
    }
    await countRequest(reply, deps, refusal ? GENERAL_COUNTERS : countersOf(request, operation), auth);
    if (refusal) throw refusal;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const operation = request.routeOptions.config.operation;
    if (operation) {
      const path = request.url;
      reply.headers(deprecationHeaders(host, operation, path, request.auth?.brandspace.region, deps.config));
    }
    // A refused body still arriving is read and dropped for a short while, not left unread (see discardRestOfBody);
    // the connection stays open for it (Fastify asks to close it after a body it could not parse).
    if (reply.statusCode >= 400 && !request.raw.complete) {
      // A request whose stream was destroyed already (an upload stopped at its size) cannot tell where its body
      // ends: its connection is read on for a while, then closed, never used for another request.
      if (request.raw.destroyed) reply.header("connection", "close");
      else reply.removeHeader("connection");
      discardRestOfBody(request.raw, reply.raw.socket);
    }
    return payload;
  });

  app.addHook("onResponse", async (request, reply) => {
    httpRequests.observe(
      {
        method: request.method,
        // The route template, never the raw path: ids would make a series per item.
        route: request.routeOptions.config.operation?.path ?? "unmatched",
        plane: host.plane,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    request.log.info(
      {
        request_id: request.id,
        method: request.method,
        path: withoutPublicTokens(request.url.split("?")[0]!),
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime),
        key_id: request.auth?.key.id,
        brandspace_id: request.auth?.brandspace.id,
      },
      "request",
    );
  });

  app.setErrorHandler(async (error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error, request_id: request.id }, "request failed");
    return reply
      .code(apiError.status)
      .headers(apiError.headers)
      .header("content-type", "application/json; charset=utf-8")
      .send(errorBody(apiError, request.id));
  });

  const router = FindMyWay();
  for (const def of routes)
    router.on(def.operation.method, toFastifyPath(def.operation.path), () => {}, def.operation);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const found = METHODS.map((m) => ({ method: m, route: router.find(m, path) })).filter((f) => f.route);
    // Another method of a central-only path on a regional host is refused as that path is: 404 naming the host,
    // before authentication and uncounted.
    for (const { route } of found) checkPlaneBeforeAuth(host, route!.store as Operation, deps.config);
    await countIfKeyed(request, reply, deps);
    const allowed = found.map((f) => f.method);
    if (allowed.length > 0 && !allowed.includes(request.method as (typeof METHODS)[number])) {
      const allow = allowed.includes("GET") ? [...allowed, "HEAD"] : allowed;
      throw new ApiError(
        "method_not_allowed",
        `${request.method} is not allowed on ${path}.`,
        { allowed: allow },
        {
          Allow: allow.join(", "),
        },
      );
    }
    throw new ApiError("not_found", `There is no ${request.method} ${path} in this API.`);
  });

  const toRoute = (def: RouteDef) => ({
    method: def.operation.method,
    url: toFastifyPath(def.operation.path),
    config: { operation: def.operation },
    handler: (request: FastifyRequest, reply: FastifyReply) => runRoute(def, request, reply, deps),
  });
  for (const def of routes) if (def.operation.bodyKind !== "binary") app.route(toRoute(def));
  // Byte uploads: any content type, left unread for the handler to stream (never buffered, no JSON limit).
  app.register(async (binary) => {
    binary.removeAllContentTypeParsers();
    binary.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    for (const def of routes) if (def.operation.bodyKind === "binary") binary.route(toRoute(def));
  });
}

/** `/v1/members/{user_id}` → `/v1/members/:user_id`. */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/** What every request with a valid key counts on. */
const GENERAL_COUNTERS: RateCounter[] = ["sustained", "month"];

/** What a request to `operation` consumes: the general counters, the operation's own, and `search` with `q`. */
function countersOf(request: FastifyRequest, operation: Operation): RateCounter[] {
  const counters: RateCounter[] = [...GENERAL_COUNTERS, ...(operation.counters ?? [])];
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.q === "string" && query.q.length > 0) counters.push("search");
  return counters;
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The charset a Content-Type names, lower-cased (`application/json; charset="UTF-8"` → `utf-8`), if any. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase();
}

function registerJsonParser(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  // An empty body of another type is no body: `curl -d ''` and some HTTP clients label a bodiless POST
  // (resolve, restore, activate) `application/x-www-form-urlencoded`. Any body of another type is refused unread.
  app.addContentTypeParser("*", (request, _payload, done) => {
    const empty =
      request.headers["content-length"] === "0" && request.headers["transfer-encoding"] === undefined;
    if (empty) return done(null, undefined);
    done(new ApiError("unsupported_media_type", "Send the request body as application/json."), undefined);
  });
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      // A compressed body would be read as if it were not (the service decompresses nothing).
      const encoding = request.headers["content-encoding"];
      if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") {
        return done(
          new ApiError("unsupported_media_type", "Send the request body uncompressed: no Content-Encoding.", {
            errors: [{ param: "Content-Encoding", message: "is not supported" }],
          }),
          undefined,
        );
      }
      // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read as something else than sent.
      const charset = charsetOf(request.headers["content-type"]);
      if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
        return done(
          new ApiError("unsupported_media_type", "Send the request body as UTF-8 JSON.", {
            errors: [{ param: "Content-Type", message: `charset ${charset} is not supported: use utf-8` }],
          }),
          undefined,
        );
      }
      try {
        // Invalid bytes are refused, never turned into U+FFFD.
        const text = STRICT_UTF8.decode(body as Buffer);
        if (text.trim() === "") return done(null, undefined);
        done(null, JSON.parse(text));
      } catch {
        done(
          new ApiError("validation_error", "The request body is not valid JSON.", {
            errors: [{ param: "body", message: "is not valid JSON (UTF-8)" }],
          }),
          undefined,
        );
      }
    },
  );
}
