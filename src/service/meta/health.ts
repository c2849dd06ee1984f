import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { ServiceDeps } from "../deps.ts";
import type { Host } from "../platform/planes.ts";

type Check = "ok" | "down";

/** Liveness: the process answers. Dependencies are not looked at, so a database outage restarts nothing. */
export function checkLiveness(deps: ServiceDeps, host: Host) {
  return {
    httpStatus: 200,
    body: {
      object: "health" as const,
      status: "ok" as const,
      probe: "live" as const,
      plane: host.plane,
      region: host.region,
      version: deps.version,
      checks: { database: "not_checked", storage: "not_checked", queue: "not_checked" } as const,
    },
  };
}

/**
 * Readiness: this host's dependencies; any `down`, or a process that is shutting down, makes the answer 503 with
 * the same body, so a load balancer stops sending requests while the ones in flight finish.
 */
export async function checkHealth(deps: ServiceDeps, host: Host) {
  const [database, storage, queue] = await Promise.all([
    deps.database.ping().then(toCheck),
    Promise.all([access(deps.config.dataDir, constants.W_OK).then(() => true), deps.blobs.check()]).then(
      ([dir, store]) => toCheck(dir && store),
      () => "down" as Check,
    ),
    deps.db
      .execute(sql`select 1 from jobs limit 1`)
      .then(() => "ok" as Check)
      .catch(() => "down" as Check),
  ]);
  const healthy = database === "ok" && storage === "ok" && queue === "ok";
  const draining = deps.lifecycle.draining;
  return {
    httpStatus: healthy && !draining ? 200 : 503,
    body: {
      object: "health" as const,
      status: draining ? ("draining" as const) : healthy ? ("ok" as const) : ("degraded" as const),
      probe: "ready" as const,
      plane: host.plane,
      region: host.region,
      version: deps.version,
      checks: { database, storage, queue },
    },
  };
}

const toCheck = (ok: boolean): Check => (ok ? "ok" : "down");
