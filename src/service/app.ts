import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { bodyIdleTimeout } from "../shared/body-idle-timeout.ts";
import { refuseConnect } from "../shared/raw-client-error.ts";
import { fastifyTrustProxy } from "../shared/trust-proxy.ts";
import { grantsRoutes } from "./access/grants.routes.ts";
import { boardFilesRoutes } from "./boards/board-files.routes.ts";
import { boardsRoutes } from "./boards/boards.routes.ts";
import { commentsRoutes } from "./comments/comments.routes.ts";
import type { ServiceDeps } from "./deps.ts";
import { downloadsRoutes } from "./downloads/downloads.routes.ts";
import { zipDownloadsRoutes } from "./downloads/zip-downloads.routes.ts";
import { filesRoutes } from "./files/files.routes.ts";
import { foldersRoutes } from "./folders/folders.routes.ts";
import { importsRoutes } from "./imports/imports.routes.ts";
import { librariesRoutes } from "./libraries/libraries.routes.ts";
import { membersRoutes } from "./members/members.routes.ts";
import { metaRoutes } from "./meta/meta.routes.ts";
import { pagesRoutes } from "./pages/pages.routes.ts";
import { errorBody } from "./platform/error-body.ts";
import { ApiError } from "./platform/errors.ts";
import {
  clientErrorReply,
  connectRefusal,
  frameworkErrorReply,
  MAX_HEADER_BYTES,
} from "./platform/framework-errors.ts";
import { newId } from "./platform/ids.ts";
import { registerPipeline } from "./platform/pipeline.ts";
import type { Host } from "./platform/planes.ts";
import { countIfKeyed } from "./platform/request-counting.ts";
import type { RouteDef } from "./platform/route.ts";
import { propertiesRoutes } from "./properties/properties.routes.ts";
import { publicShareRoutes } from "./shared-links/public-share.routes.ts";
import { sharedLinksRoutes } from "./shared-links/shared-links.routes.ts";
import { similarRoutes } from "./similar/similar.routes.ts";
import { tagsRoutes } from "./tags/tags.routes.ts";
import { publicTransferRoutes, transfersRoutes } from "./transfers/transfers.routes.ts";
import { uploadsRoutes } from "./uploads/uploads.routes.ts";
import { versionsRoutes } from "./versions/versions.routes.ts";
import { webhooksRoutes } from "./webhooks/webhooks.routes.ts";

/** Every route of the API. Each listener registers all of them; the plane rules decide what it answers. */
export function allRoutes(host: Host): RouteDef[] {
  return [
    ...metaRoutes(host),
    ...membersRoutes(),
    ...librariesRoutes(),
    ...grantsRoutes(),
    ...foldersRoutes(),
    ...filesRoutes(),
    ...versionsRoutes(),
    ...uploadsRoutes(),
    ...importsRoutes(),
    ...downloadsRoutes(),
    ...zipDownloadsRoutes(),
    ...similarRoutes(),
    ...tagsRoutes(),
    ...propertiesRoutes(),
    ...boardsRoutes(),
    ...boardFilesRoutes(),
    ...commentsRoutes(),
    ...pagesRoutes(),
    ...sharedLinksRoutes(),
    ...publicShareRoutes(),
    ...transfersRoutes(),
    ...publicTransferRoutes(),
    ...webhooksRoutes(),
  ];
}

/** One listener's Fastify app, without `listen()`: main.ts and the tests listen. */
export async function buildApp(deps: ServiceDeps, host: Host): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger.child({ plane: host.plane, region: host.region }) as FastifyBaseLogger,
    // One structured line per request comes from the pipeline's onResponse hook instead.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => newId("request"),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Large uploads stream for a long time: no bound on a whole request, only on a body that stops moving.
    requestTimeout: 0,
    connectionTimeout: 0,
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) =>
      frameworkErrorReply(error, request, reply, (counted, answer) => countIfKeyed(counted, answer, deps)),
    clientErrorHandler: clientErrorReply,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // A request without Host gets the uniform 400 from the pipeline; Node's own answer to it has no body.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false },
  });
  refuseConnect(app.server, connectRefusal);
  const limitBodyIdleTime = bodyIdleTimeout(deps.config.bodyIdleTimeoutMs, (requestId) =>
    errorBody(new ApiError("request_timeout", "The request body stopped arriving."), requestId),
  );
  app.addHook("onRequest", async (request, reply) => limitBodyIdleTime(request, reply));
  registerPipeline(app, deps, host, allRoutes(host));
  await app.ready();
  return app;
}
