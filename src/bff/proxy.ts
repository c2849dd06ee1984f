import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Dispatcher, request as upstreamRequest } from "undici";
import { JSON_BODY_LIMIT } from "../contract/common.ts";
import { sendError } from "./error-reply.ts";
import { isMutation, isSameOrigin } from "./origin-check.ts";
import { browserResponseHeaders, publicUpstreamHeaders, upstreamRequestHeaders } from "./proxy-headers.ts";
import { isCentralPath, type UpstreamHosts } from "./upstream-hosts.ts";

export interface ProxyOptions {
  apiKey: string;
  publicOrigin: () => string;
  hosts: UpstreamHosts;
  dispatcher: Dispatcher;
  hasSession: (request: FastifyRequest) => boolean;
}

// JSON bodies this small are read before forwarding so a 421 can be retried; larger bodies stream and a
// 421 on them is passed to the browser (after the cache learns the right host).
const REPLAYABLE_BODY_MAX = 64 * 1024;
const NO_BODY_STATUSES = new Set([204, 304]);

type UpstreamBody = Buffer | Readable | undefined;

/**
 * A JSON body the API would refuse for its size. The API answers 413 as soon as it reads the headers and closes
 * the connection, so a body streamed to it fails with EPIPE before its answer can be read: the BFF says 413 itself.
 */
function isJsonOverLimit(request: FastifyRequest): boolean {
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" && Number(request.headers["content-length"]) > JSON_BODY_LIMIT;
}

async function requestBodyOf(request: FastifyRequest): Promise<UpstreamBody> {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  const length = request.headers["content-length"];
  if (length === undefined && request.headers["transfer-encoding"] === undefined) return undefined;
  if (length === undefined || Number(length) > REPLAYABLE_BODY_MAX) return request.raw;
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function hostFromMisdirected(body: Buffer): string | null {
  try {
    const host = JSON.parse(body.toString("utf8"))?.details?.host;
    return typeof host === "string" && /^https?:\/\//.test(host) ? host : null;
  } catch {
    return null;
  }
}

interface UpstreamCall {
  pathAndQuery: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string | string[]>;
  dispatcher: Dispatcher;
  signal: AbortSignal;
}

type UpstreamAnswer =
  | { kind: "response"; response: Dispatcher.ResponseData }
  | { kind: "misdirected"; headers: Dispatcher.ResponseData["headers"]; body: Buffer };

function callUpstream(base: string, call: UpstreamCall, body: UpstreamBody) {
  return upstreamRequest(`${base}${call.pathAndQuery}`, {
    method: call.method,
    headers: call.headers,
    body: body ?? null,
    dispatcher: call.dispatcher,
    signal: call.signal,
  });
}

/** A regional call that meets a 421 learns the right host from `details.host` and, if it can, retries once. */
async function forwardToRegional(hosts: UpstreamHosts, call: UpstreamCall, body: UpstreamBody) {
  const response = await callUpstream(await hosts.regionalUrl(), call, body);
  if (response.statusCode !== 421) return { kind: "response", response } satisfies UpstreamAnswer;
  const misdirected = Buffer.from(await response.body.arrayBuffer());
  const host = hostFromMisdirected(misdirected);
  if (host) hosts.setRegionalUrl(host);
  const replayable = body === undefined || Buffer.isBuffer(body);
  if (!host || !replayable) {
    return { kind: "misdirected", headers: response.headers, body: misdirected } satisfies UpstreamAnswer;
  }
  return { kind: "response", response: await callUpstream(host, call, body) } satisfies UpstreamAnswer;
}

function relay(request: FastifyRequest, reply: FastifyReply, response: Dispatcher.ResponseData) {
  if (response.headers.deprecation !== undefined) {
    request.log.warn(
      { path: request.url, link: response.headers.link, sunset: response.headers.sunset },
      "The API marked a path the dashboard uses as deprecated",
    );
  }
  reply.code(response.statusCode).headers(browserResponseHeaders(response.headers));
  if (request.method === "HEAD" || NO_BODY_STATUSES.has(response.statusCode)) {
    return response.body.dump().then(() => reply.send());
  }
  return reply.send(response.body);
}

interface Forwarding {
  hosts: UpstreamHosts;
  dispatcher: Dispatcher;
  publicOrigin: () => string;
}

/**
 * The common part of both proxies: same-origin mutations only, JSON bodies within the API's limit, the call to the
 * central or the regional host (learning the right regional host from a 421), and the answer relayed.
 */
async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Forwarding & {
    pathAndQuery: string;
    central: boolean;
    headers: (mutation: boolean) => Record<string, string | string[]>;
  },
) {
  const { hosts } = options;
  const mutation = isMutation(request.method);
  if (mutation && !isSameOrigin(request.headers, options.publicOrigin())) {
    return sendError(request, reply, "forbidden", "Cross-origin requests are not allowed.");
  }
  if (isJsonOverLimit(request)) {
    return sendError(
      request,
      reply,
      "payload_too_large",
      "The request body is larger than this operation accepts.",
    );
  }
  const abort = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  const call: UpstreamCall = {
    pathAndQuery: options.pathAndQuery,
    method: request.method as Dispatcher.HttpMethod,
    headers: options.headers(mutation),
    dispatcher: options.dispatcher,
    signal: abort.signal,
  };
  let answer: UpstreamAnswer;
  try {
    const body = await requestBodyOf(request);
    answer = options.central
      ? { kind: "response", response: await callUpstream(hosts.centralUrl, call, body) }
      : await forwardToRegional(hosts, call, body);
  } catch (error) {
    if (abort.signal.aborted) return reply;
    if (!options.central) hosts.invalidate();
    const path = options.pathAndQuery.split("?")[0];
    request.log.warn({ path, reason: (error as Error).message }, "API unreachable");
    return sendError(request, reply, "unavailable", "The API could not be reached.", 502);
  }
  if (answer.kind === "response") return relay(request, reply, answer.response);
  return reply.code(421).headers(browserResponseHeaders(answer.headers)).send(answer.body);
}

/** Bodies are streamed upstream untouched, so nothing in a proxy's scope parses them. */
function registerRaw(
  app: FastifyInstance,
  path: string,
  handle: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    scope.all(path, handle);
  });
}

/** `/api/v1/*` → the API with the dashboard's key: central paths to the central host, the rest regional. */
export function registerProxy(app: FastifyInstance, options: ProxyOptions): void {
  registerRaw(app, "/api/v1/*", async (request, reply) => {
    if (!options.hasSession(request)) return sendError(request, reply, "unauthorized", "Log in first.");
    const pathAndQuery = request.url.slice("/api".length);
    const { pathname } = new URL(pathAndQuery, "http://upstream.invalid");
    if (!pathname.startsWith("/v1/")) return sendError(request, reply, "not_found", "Unknown API path.");
    return forward(request, reply, {
      ...options,
      pathAndQuery,
      central: isCentralPath(pathname),
      headers: (mutation) => upstreamRequestHeaders(request.headers, options.apiKey, mutation),
    });
  });
}

/** What visitors may reach: the public paths, and content at URLs the service signed (useless without a signature). */
const VISITOR_PATHS = ["/v1/public/", "/v1/content/", "/v1/transfer-content/", "/v1/shared-link-content/"];

/**
 * `/public-api/v1/…` → the regional host's public paths and signed content, for visitor pages (shared links,
 * transfers, pages): no session, no key, nothing else. Content comes through here so that it is same-origin for
 * the visitor page, whatever site the API is on.
 */
export function registerPublicProxy(app: FastifyInstance, options: Forwarding): void {
  registerRaw(app, "/public-api/v1/*", async (request, reply) => {
    const pathAndQuery = request.url.slice("/public-api".length);
    const { pathname } = new URL(pathAndQuery, "http://upstream.invalid");
    if (!VISITOR_PATHS.some((prefix) => pathname.startsWith(prefix))) {
      return sendError(request, reply, "not_found", "Unknown public path.");
    }
    return forward(request, reply, {
      ...options,
      pathAndQuery,
      central: false,
      headers: () => publicUpstreamHeaders(request.headers, request.ip),
    });
  });
}
