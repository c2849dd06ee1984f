import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_FORMATS, type LogFormatSetting } from "../shared/log-format.ts";
import { trustProxySetting } from "../shared/trust-proxy.ts";

export interface BffConfig {
  host: string;
  port: number;
  /** Central host of the API; the regional host is discovered from `GET /v1/me`. */
  centralUrl: string;
  dataDir: string;
  /** Sent upstream as `Authorization: Bearer`; never reaches the browser. */
  apiKey: string;
  sessionTtlMs: number;
  /** The dashboard's own origin, for the same-origin check on mutations and the cookie's Secure flag. */
  publicOrigin: string;
  staticDir: string;
  logLevel: string;
  /** `LOG_FORMAT`: pretty at a terminal, JSON otherwise (`auto`), or forced. */
  logFormat: LogFormatSetting;
  /** A request body that stops arriving for this long is answered 408 and its socket closed. */
  bodyIdleTimeoutMs: number;
  /**
   * Which reverse proxies may name the client in `X-Forwarded-For` (Fastify's `trustProxy`): `false` (the socket's
   * address is the client), a hop count, or addresses and CIDR ranges. The login throttle keys on the result.
   */
  trustProxy: false | number | string[];
  /** Subscribe to the service's webhooks and push changes to open dashboards (`DASHBOARD_LIVE_UPDATES`). */
  liveUpdates: boolean;
  /** Where the service delivers to this dashboard; default: its listening address + `/api/webhook-receiver`. */
  receiverUrl: string | undefined;
}

export class BffConfigError extends Error {}

const DURATION_UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

const duration = z.string().transform((text, ctx) => {
  const match = /^(\d+)(s|m|h|d)$/.exec(text.trim());
  const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2]!]! : 0;
  if (ms <= 0) {
    ctx.addIssue({ code: "custom", message: "expected a duration such as 30m, 12h or 7d" });
    return z.NEVER;
  }
  return ms;
});

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const BffEnvSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  DASHBOARD_PORT: port(3000),
  CENTRAL_PORT: port(4000),
  CENTRAL_URL: z.url().optional(),
  BRANDSPACE_DATA_DIR: z.string().min(1).default("./data"),
  DASHBOARD_API_KEY: z.string().min(1).optional(),
  DASHBOARD_SESSION_TTL: duration.default(12 * 3_600_000),
  DASHBOARD_PUBLIC_ORIGIN: z.url().optional(),
  DASHBOARD_STATIC_DIR: z.string().min(1).default("dist/web"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(LOG_FORMATS).default("auto"),
  BODY_IDLE_TIMEOUT: duration.default(30_000),
  DASHBOARD_TRUST_PROXY: trustProxySetting(""),
  DASHBOARD_LIVE_UPDATES: z.enum(["0", "1"]).default("1"),
  DASHBOARD_RECEIVER_URL: z.url({ protocol: /^https?$/ }).optional(),
});

function readOwnerKey(dataDir: string): string {
  const file = path.join(dataDir, "owner.key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    throw new BffConfigError(
      `Invalid configuration:\n  DASHBOARD_API_KEY: not set, and ${file} is missing (start the service once to create it)`,
    );
  }
}

/** Parses the dashboard's environment once; a bad value throws a BffConfigError naming every bad variable. */
export function loadBffConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const parsed = BffEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new BffConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const local = (p: number) => `http://${e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST}:${p}`;
  const dataDir = path.resolve(e.BRANDSPACE_DATA_DIR);
  return {
    host: e.HOST,
    port: e.DASHBOARD_PORT,
    centralUrl: (e.CENTRAL_URL ?? local(e.CENTRAL_PORT)).replace(/\/$/, ""),
    dataDir,
    apiKey: e.DASHBOARD_API_KEY ?? readOwnerKey(dataDir),
    sessionTtlMs: e.DASHBOARD_SESSION_TTL,
    publicOrigin: new URL(e.DASHBOARD_PUBLIC_ORIGIN ?? local(e.DASHBOARD_PORT)).origin,
    staticDir: path.resolve(e.DASHBOARD_STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT,
    trustProxy: e.DASHBOARD_TRUST_PROXY,
    liveUpdates: e.DASHBOARD_LIVE_UPDATES === "1",
    receiverUrl: e.DASHBOARD_RECEIVER_URL,
  };
}
