import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { poolConnections, queueAge, queueDepth, registry } from "./metrics.ts";

/** Reads what is measured on demand (queue depth and age, pool use) into the gauges just before a scrape. */
async function refreshGauges(deps: ServiceDeps) {
  const result = await deps.db.execute(sql`
    select type, count(*)::int as depth, coalesce(extract(epoch from now() - min(run_at)), 0)::float as age
    from jobs where status = 'queued' and run_at <= now() group by type`);
  queueDepth.reset();
  queueAge.reset();
  for (const row of rowsOf<{ type: string; depth: number; age: number }>(result)) {
    queueDepth.set({ type: row.type }, row.depth);
    queueAge.set({ type: row.type }, Math.max(0, row.age));
  }
  const pool = deps.database.poolStats?.();
  if (pool) {
    poolConnections.set({ state: "total" }, pool.total);
    poolConnections.set({ state: "idle" }, pool.idle);
    poolConnections.set({ state: "waiting" }, pool.waiting);
  }
}

/**
 * `GET /metrics` in Prometheus text format on a listener of its own (METRICS_PORT), apart from the API's planes,
 * so that it is never exposed with them.
 */
export async function startMetricsListener(deps: ServiceDeps, host: string, port: number) {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    refreshGauges(deps)
      .catch((error: Error) => deps.logger.warn({ reason: error.message }, "metrics: gauges not refreshed"))
      .then(() => registry.metrics())
      .then(
        (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
