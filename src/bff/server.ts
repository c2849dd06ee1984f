import { type BffDeps, buildBff } from "./app.ts";
import type { BffConfig } from "./config.ts";
import type { LiveFeed } from "./live/live-feed.ts";
import { RECEIVER_PATH } from "./live/live-routes.ts";
import { LoginTokens } from "./login-tokens.ts";
import { readDashboardPasswordHash } from "./password-file.ts";

export interface RunningBff {
  url: string;
  /** A one-time login link (valid 1 h) when no dashboard password is set; otherwise null. */
  loginLink: string | null;
  /** The subscription to the service's webhooks (started only when `liveUpdates` is on). */
  liveFeed: LiveFeed;
  stop(): Promise<void>;
}

/** Listens on the configured host and port; with port 0 the bound port also becomes the public origin's. */
export interface StartBffHooks {
  /**
   * Called once the dashboard listens, with the URL the service is to deliver webhooks to, before it subscribes:
   * `npm start` allow-lists that address for deliveries here.
   */
  onListening?: (receiverUrl: string) => void;
}

export async function startBff(config: BffConfig, deps: BffDeps & StartBffHooks = {}): Promise<RunningBff> {
  const loginTokens = deps.loginTokens ?? new LoginTokens(deps.now);
  const app = buildBff(config, { ...deps, loginTokens });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("The dashboard has no TCP address.");
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  if (new URL(config.publicOrigin).port === "0") config.publicOrigin = url;
  const receiverUrl = config.receiverUrl ?? `${url}${RECEIVER_PATH}`;
  deps.onListening?.(receiverUrl);
  if (config.liveUpdates) app.liveFeed.start(receiverUrl);

  const passwordSet = (await readDashboardPasswordHash(config.dataDir)) !== null;
  const loginLink = passwordSet ? null : `${config.publicOrigin}/login/${loginTokens.issue()}`;
  return {
    url,
    loginLink,
    liveFeed: app.liveFeed,
    stop: () => app.close(),
  };
}
