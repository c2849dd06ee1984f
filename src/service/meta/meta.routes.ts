import { buildOpenApiDocument } from "../../contract/openapi.ts";
import { allOperations } from "../../contract/operations/index.ts";
import { getHealth, getMe, getOpenApi, getUsage, listEventTypes } from "../../contract/operations/meta.ts";
import type { ServiceDeps } from "../deps.ts";
import type { Host } from "../platform/planes.ts";
import { route } from "../platform/route.ts";
import { checkHealth, checkLiveness } from "./health.ts";
import * as service from "./meta.service.ts";

export function metaRoutes(host: Host) {
  let openApi: Record<string, unknown> | undefined;
  return [
    route(
      getHealth,
      async ({ deps, query }, reply) => {
        const health = query.probe === "live" ? checkLiveness(deps, host) : await checkHealth(deps, host);
        reply.code(health.httpStatus).header("cache-control", "no-store").send(health.body);
        return health.body;
      },
      { raw: true },
    ),
    route(
      getOpenApi,
      async ({ deps }, reply) => {
        openApi ??= openApiDocument(deps);
        reply.header("cache-control", "public, max-age=300").send(openApi);
        return openApi;
      },
      { raw: true },
    ),
    route(getMe, async (ctx) => service.keyContext(ctx)),
    route(getUsage, (ctx) => service.usage(ctx, ctx.query)),
    route(listEventTypes, (ctx) => service.listEventTypes(ctx, ctx.query)),
  ];
}

function openApiDocument(deps: ServiceDeps) {
  return buildOpenApiDocument(allOperations, {
    version: deps.version,
    servers: [
      { url: deps.config.centralUrl, description: "central host" },
      ...Object.entries(deps.config.regionalUrls).map(([region, url]) => ({
        url,
        description: `regional host (${region})`,
      })),
    ],
  });
}
