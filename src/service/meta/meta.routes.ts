import { EVENT_CATALOGUE } from "../../contract/events.ts";
import { RATE_COUNTERS } from "../../contract/meta.ts";
import { buildOpenApiDocument } from "../../contract/openapi.ts";
import { allOperations } from "../../contract/operations/index.ts";
import { getHealth, getMe, getOpenApi, getUsage, listEventTypes } from "../../contract/operations/meta.ts";
import type { ServiceDeps } from "../deps.ts";
import { toPage } from "../platform/cursor.ts";
import type { Host } from "../platform/planes.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { readCounters } from "../platform/rate-limits.ts";
import { route } from "../platform/route.ts";
import { checkHealth } from "./health.ts";

export function metaRoutes(host: Host) {
  let openApi: Record<string, unknown> | undefined;
  return [
    route(
      getHealth,
      async ({ deps }, reply) => {
        const health = await checkHealth(deps, host);
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
    route(getMe, async ({ auth, deps }) => ({
      object: "key_context",
      brandspace: { id: auth.brandspace.id, name: auth.brandspace.name, region: auth.brandspace.region },
      key: {
        id: auth.key.id,
        name: auth.key.name,
        prefix: auth.key.prefix,
        region: auth.key.region,
        region_stale: auth.key.region !== auth.brandspace.region,
        scopes: auth.key.scopes as never,
        created_at: auth.key.createdAt.toISOString(),
        last_used_at: auth.key.lastUsedAt?.toISOString() ?? null,
      },
      creator: { id: auth.user.id, name: auth.user.name, email: auth.user.email, role: auth.role },
      plan: { name: auth.brandspace.plan },
      limits: Object.fromEntries(
        RATE_COUNTERS.map((c) => [
          c,
          { limit: deps.config.rateLimits[c].limit, window: deps.config.rateLimits[c].window.text },
        ]),
      ) as never,
      hosts: {
        central: deps.config.centralUrl,
        regional: regionalUrlOf(deps.config, auth.brandspace.region),
      },
    })),
    route(getUsage, async ({ auth, deps }) => {
      const states = await readCounters(deps.db, auth.brandspace.id, deps.config.rateLimits);
      const counters = Object.fromEntries(
        states.map((s) => [
          s.counter,
          { limit: s.limit, used: s.used, remaining: s.remaining, resets_at: s.resetsAt.toISOString() },
        ]),
      );
      return { object: "usage", ...counters } as never;
    }),
    route(listEventTypes, async ({ deps, query }) => {
      const listing = "event-types";
      const afterType = query.cursor ? deps.cursors.decode(listing, query.cursor)[0] : null;
      const start = afterType === null ? 0 : EVENT_CATALOGUE.findIndex((row) => row.type === afterType) + 1;
      return toPage(EVENT_CATALOGUE.slice(start, start + query.limit + 1), query.limit, {
        codec: deps.cursors,
        listing,
        keyOf: (row) => [row.type],
        toItem: (row) => ({ object: "event_type" as const, ...row }),
      });
    }),
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
