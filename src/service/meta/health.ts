import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { ServiceDeps } from "../deps.ts";
import type { Host } from "../platform/planes.ts";

type Check = "ok" | "down";

/** Health of this host's dependencies; any `down` makes the answer 503 with the same body. */
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
  return {
    httpStatus: healthy ? 200 : 503,
    body: {
      object: "health" as const,
      status: healthy ? ("ok" as const) : ("degraded" as const),
      plane: host.plane,
      region: host.region,
      version: deps.version,
      checks: { database, storage, queue },
    },
  };
}

const toCheck = (ok: boolean): Check => (ok ? "ok" : "down");
