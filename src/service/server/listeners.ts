import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HostPlane } from "../platform/planes.ts";
import { listenerUrl } from "./urls.ts";

export interface Listeners {
  centralUrl: string;
  regionalUrl: string;
  /** Stops accepting connections and waits for the requests in flight. */
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

/** The central and regional listeners on HOST, CENTRAL_PORT and REGIONAL_PORT. */
export async function startListeners(deps: ServiceDeps): Promise<Listeners> {
  const { config } = deps;
  const apps: FastifyInstance[] = [];
  const close = () => Promise.all(apps.map((app) => app.close())).then(() => {});
  try {
    const central = await listen(deps, apps, "central", config.centralPort, "CENTRAL_PORT");
    const regional = await listen(deps, apps, "regional", config.regionalPort, "REGIONAL_PORT");
    // Port 0 picks a free port: the public URLs are only known now (unless configured explicitly).
    if (config.centralPort === 0 && config.centralUrl === listenerUrl(config.host, 0))
      config.centralUrl = central;
    if (config.regionalPort === 0 && config.regionalUrls[config.region] === listenerUrl(config.host, 0)) {
      config.regionalUrls[config.region] = regional;
    }
    return { centralUrl: config.centralUrl, regionalUrl: config.regionalUrls[config.region]!, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function listen(
  deps: ServiceDeps,
  apps: FastifyInstance[],
  plane: HostPlane,
  port: number,
  variable: string,
): Promise<string> {
  const app = await buildApp(deps, { plane, region: deps.config.region });
  apps.push(app);
  try {
    await app.listen({ host: deps.config.host, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new PortInUseError(
        `Port ${port} on ${deps.config.host} is already in use: stop what uses it or set ${variable}.`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error(`The ${plane} listener has no TCP address.`);
  return listenerUrl(deps.config.host, address.port);
}
