import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { Logger } from "pino";
import { Agent, type Dispatcher } from "undici";
import { bodyIdleTimeout } from "../shared/body-idle-timeout.ts";
import { refuseConnect } from "../shared/raw-client-error.ts";
import { fastifyTrustProxy } from "../shared/trust-proxy.ts";
import { clientErrorReply, connectRefusal, frameworkErrorReply, refuseMissingHost } from "./client-errors.ts";
import type { BffConfig } from "./config.ts";
import { newRequestId, rawErrorBody, thrownErrorBody } from "./error-reply.ts";
import { LiveFeed } from "./live/live-feed.ts";
import { LiveHub } from "./live/live-hub.ts";
import { registerLiveRoutes } from "./live/live-routes.ts";
import { createBffLogger } from "./logger.ts";
import { LoginThrottle } from "./login-throttle.ts";
import { LoginTokens } from "./login-tokens.ts";
import { registerProxy, registerPublicProxy } from "./proxy.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { registerSessionRoutes, sessionIdOf } from "./session-routes.ts";
import { type Clock, SessionStore } from "./session-store.ts";
import { registerStaticFiles } from "./static-files.ts";
import { UpstreamHosts } from "./upstream-hosts.ts";

export interface BffDeps {
  logger?: Logger;
  /** Shared with tests, which point the cached regional host elsewhere. */
  hosts?: UpstreamHosts;
  loginTokens?: LoginTokens;
  dispatcher?: Dispatcher;
  now?: Clock;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The dashboard's subscription to the service's webhooks; `startBff` starts it once the address is known. */
    liveFeed: LiveFeed;
  }
}

/** The dashboard's server without listen(): sessions, the API proxy and the built SPA. */
export function buildBff(config: BffConfig, deps: BffDeps = {}): FastifyInstance {
  const now = deps.now ?? Date.now;
  const ownDispatcher = deps.dispatcher ? null : new Agent();
  const dispatcher = deps.dispatcher ?? ownDispatcher!;
  const hosts =
    deps.hosts ??
    new UpstreamHosts({ centralUrl: config.centralUrl, apiKey: config.apiKey, dispatcher, now });
  const sessions = new SessionStore(config.sessionTtlMs, now);
  const publicOrigin = () => config.publicOrigin;

  const app = Fastify({
    loggerInstance: (deps.logger ??
      createBffLogger({
        level: config.logLevel,
        apiKey: config.apiKey,
        format: config.logFormat,
      })) as FastifyBaseLogger,
    genReqId: newRequestId,
    requestIdHeader: false,
    clientErrorHandler: clientErrorReply,
    http: { requireHostHeader: false },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: (error, request, reply) =>
      frameworkErrorReply(error, request as FastifyRequest, reply as FastifyReply),
  });
  refuseConnect(app.server, connectRefusal);
  const limitBodyIdleTime = bodyIdleTimeout(config.bodyIdleTimeoutMs, (requestId) =>
    rawErrorBody(requestId, "request_timeout", "The request body stopped arriving."),
  );
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (refuseMissingHost(request, reply)) return reply;
    limitBodyIdleTime(request, reply);
  });
  registerSecurityHeaders(app, () => hosts.knownRegionalUrl);
  registerSessionRoutes(app, {
    dataDir: config.dataDir,
    publicOrigin,
    sessionTtlMs: config.sessionTtlMs,
    sessions,
    loginTokens: deps.loginTokens ?? new LoginTokens(now),
    throttle: new LoginThrottle(undefined, now),
  });
  registerProxy(app, {
    apiKey: config.apiKey,
    publicOrigin,
    hosts,
    dispatcher,
    hasSession: (request) => sessions.isValid(sessionIdOf(request)),
  });
  registerPublicProxy(app, { hosts, dispatcher, publicOrigin });
  const liveHub = new LiveHub();
  const liveFeed = new LiveFeed(
    { hosts, apiKey: config.apiKey, dispatcher, dataDir: config.dataDir },
    app.log,
  );
  app.decorate("liveFeed", liveFeed);
  registerLiveRoutes(app, {
    feed: liveFeed,
    hub: liveHub,
    hasSession: (request) => sessions.isValid(sessionIdOf(request)),
  });
  registerStaticFiles(app, config.staticDir);

  // The not-found handler is the static files' (client routes get the SPA); errors keep their 4xx status.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = thrownErrorBody(request, error);
    if (body.status >= 500) request.log.error({ err: error }, "Unhandled error");
    return reply.code(body.status).send(body);
  });
  // Discovered early so the CSP of the first page can already name the regional host for images.
  app.addHook("onReady", async () => {
    hosts.regionalUrl().catch((error: Error) => {
      app.log.warn({ reason: error.message }, "Regional host not discovered yet");
    });
  });
  // Open event streams would keep the server from closing.
  app.addHook("preClose", async () => {
    liveFeed.stop();
    liveHub.closeAll();
  });
  app.addHook("onClose", async () => {
    await ownDispatcher?.close();
  });
  return app;
}
