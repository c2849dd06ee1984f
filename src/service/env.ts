import path from "node:path";
import { z } from "zod";
import { RATE_COUNTERS, type RateCounter } from "../contract/meta.ts";
import { LOG_FORMATS, type LogFormatSetting } from "../shared/log-format.ts";
import { trustProxySetting } from "../shared/trust-proxy.ts";
import { BlobEnvSchema, type BlobStoreConfig, blobStoreConfig } from "./blobs/blob-config.ts";
import { parseDuration, parseWindow, type Window } from "./platform/durations.ts";

export interface RateLimit {
  limit: number;
  window: Window;
}
export type RateLimits = Record<RateCounter, RateLimit>;

export const DEFAULT_RATE_LIMITS =
  "sustained=600/1m,search=60/1m,uploads=600/1h,downloads=3000/1h,month=1000000/1mo";

export interface Config {
  dataDir: string;
  databaseUrl: string | undefined;
  /** `DATABASE_POOL_SIZE`: PostgreSQL connections this process keeps at most. */
  databasePoolSize: number;
  host: string;
  centralPort: number;
  regionalPort: number;
  dashboardPort: number;
  logLevel: string;
  /** `LOG_FORMAT`: pretty at a terminal, JSON otherwise (`auto`), or forced. */
  logFormat: LogFormatSetting;
  importAllowHosts: string[];
  /** The import size cap (5 GiB; smaller in tests), enforced while the body streams. */
  importMaxBytes: number;
  /** An import whose server sends nothing for this long fails with `timeout`. */
  importStallTimeoutMs: number;
  /** URL imports and transfer zips at once per worker process, beside the other jobs. */
  longJobWorkers: number;
  /** Where `GET /metrics` listens (Prometheus text format); null: off. */
  metrics: { host: string; port: number } | null;
  /** Origin of the visitor pages (`/s/:token`, `/t/:token`, `/p/:token`) that shared, transfer and page URLs point at. */
  visitorUrl: string;
  /** Proxies trusted to name the client in `X-Forwarded-For`; public paths throttle by that client. */
  trustProxy: false | number | string[];
  webhookAllowLoopback: boolean;
  /**
   * `host:port` pairs webhook endpoints may use over plain http although they are loopback: exactly these (the
   * dashboard's own receiver, added by `npm start`), while every other loopback address stays refused.
   */
  webhookAllowHosts: string[];
  webhookRetryScheduleMs: number[];
  /** Auto-disable (`failing`): no success for this long and at least `webhookFailingMinExhausted` exhausted. */
  webhookFailingAfterMs: number;
  webhookFailingMinExhausted: number;
  /** How long a sender holds an attempt; past it another worker resends (same event id). */
  webhookDeliveryLeaseMs: number;
  /** Attempts in flight per endpoint, so a slow receiver cannot starve the others. */
  webhookEndpointConcurrency: number;
  rateLimits: RateLimits;
  /** Public URL of the central host. */
  centralUrl: string;
  /** The region this process's regional listener serves. */
  region: string;
  /** Public regional URL of every known region. */
  regionalUrls: Record<string, string>;
  sunsetDate: string | undefined;
  /** Server secret for signing cursors and URLs; absent means the data directory's `secret.key`. */
  secret: string | undefined;
  /** `all`: API and workers; `api`: listeners only; `worker`: workers only. */
  processRole: "all" | "api" | "worker";
  jobPollMs: number;
  /** A request body that stops arriving for this long is answered 408 and its socket closed. */
  bodyIdleTimeoutMs: number;
  /** On SIGTERM, how long readiness answers 503 before the listeners stop accepting (for a load balancer). */
  shutdownDrainDelayMs: number;
  /** How long a request holding an Idempotency-Key may run before a retry presumes it dead and takes over. */
  idempotencyLeaseMs: number;
  /** Whether the first start adds sample pictures to the demo brandspace. */
  demoContent: boolean;
  /** Local disk under the data directory, or S3 when S3_BUCKET is set. */
  blobs: BlobStoreConfig;

  /** ffmpeg and ffprobe to run; unset: the system's on PATH, else the npm-shipped ones. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

function parseList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

const durationList = z.string().transform((text, ctx) => {
  const values = parseList(text).map(parseDuration);
  if (values.length === 0 || values.length > 5 || values.some((v) => v === null)) {
    ctx.addIssue({ code: "custom", message: "expected 1 to 5 durations such as 1m,5m,30m,2h,8h" });
    return z.NEVER;
  }
  return values as number[];
});

/** One duration such as `30s` or `3d`, in milliseconds. */
function durationSetting(fallback: string, options: { zero?: boolean } = {}) {
  return z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      if (options.zero && /^0(ms|s|m|h|d)?$/.test(text.trim())) return 0;
      const ms = parseDuration(text);
      if (ms === null) {
        ctx.addIssue({ code: "custom", message: `expected a duration such as ${fallback}` });
        return z.NEVER;
      }
      return ms;
    });
}

const rateLimits = z.string().transform((text, ctx) => {
  const result = Object.fromEntries(
    parseList(DEFAULT_RATE_LIMITS).map((entry) => parseRateEntry(entry)!),
  ) as RateLimits;
  for (const entry of parseList(text)) {
    const parsed = parseRateEntry(entry);
    if (!parsed) {
      ctx.addIssue({
        code: "custom",
        message: `bad entry "${entry}": expected counter=N/window, e.g. search=60/1m`,
      });
      return z.NEVER;
    }
    result[parsed[0]] = parsed[1];
  }
  return result;
});

function parseRateEntry(entry: string): [RateCounter, RateLimit] | null {
  const match = /^(\w+)=(\d+)\/(\w+)$/.exec(entry);
  if (!match || !(RATE_COUNTERS as readonly string[]).includes(match[1]!)) return null;
  const window = parseWindow(match[3]!);
  const limit = Number(match[2]);
  return window && limit > 0 ? [match[1] as RateCounter, { limit, window }] : null;
}

const regionUrls = z.string().transform((text, ctx) => {
  const entries = parseList(text).map((entry) => entry.split("="));
  if (entries.some((e) => e.length !== 2 || !/^[a-z][a-z0-9-]*$/.test(e[0]!) || !URL.canParse(e[1]!))) {
    ctx.addIssue({ code: "custom", message: "expected region=url pairs, e.g. us=https://us.example.com" });
    return z.NEVER;
  }
  return Object.fromEntries(entries.map(([region, url]) => [region!, url!.replace(/\/$/, "")]));
});

const EnvSchema = z.object({
  BRANDSPACE_DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string")
    .optional(),
  HOST: z.string().min(1).default("127.0.0.1"),
  CENTRAL_PORT: port(4000),
  REGIONAL_PORT: port(4001),
  DASHBOARD_PORT: port(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(LOG_FORMATS).default("auto"),
  IMPORT_ALLOW_HOSTS: z.string().default(""),
  VISITOR_URL: z.url().optional(),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .default(5 * 1024 ** 3),
  IMPORT_STALL_TIMEOUT: durationSetting("30s"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(4).max(1000).default(10),
  LONG_JOB_WORKERS: z.coerce.number().int().min(1).max(64).default(4),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySetting("127.0.0.0/8,::1"),
  WEBHOOK_ALLOW_LOOPBACK: z.enum(["0", "1", ""]).default("0"),
  WEBHOOK_ALLOW_HOSTS: z.string().default(""),
  WEBHOOK_RETRY_SCHEDULE: durationList.default([60_000, 300_000, 1_800_000, 7_200_000, 28_800_000]),
  WEBHOOK_FAILING_AFTER: durationSetting("3d"),
  WEBHOOK_FAILING_MIN_EXHAUSTED: z.coerce.number().int().min(1).default(20),
  WEBHOOK_DELIVERY_LEASE: durationSetting("30s"),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  RATE_LIMITS: rateLimits.prefault(DEFAULT_RATE_LIMITS),
  CENTRAL_URL: z.url().optional(),
  REGION: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default("us"),
  REGIONAL_URLS: regionUrls.optional(),
  SUNSET_DATE: z.string().optional(),
  BRANDSPACE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BRANDSPACE_PROCESS: z.enum(["all", "api", "worker"]).default("all"),
  JOB_POLL_MS: z.coerce.number().int().min(10).default(1000),
  BODY_IDLE_TIMEOUT: durationSetting("30s"),
  SHUTDOWN_DRAIN_DELAY: durationSetting("0s", { zero: true }),
  IDEMPOTENCY_LEASE: durationSetting("60s"),
  DEMO_CONTENT: z.enum(["0", "1"]).default("1"),

  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
});

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const blobEnv = BlobEnvSchema.safeParse(env);
  const issues = [...(parsed.error?.issues ?? []), ...(blobEnv.error?.issues ?? [])];
  if (!parsed.success || !blobEnv.success) {
    const lines = issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const local = (p: number) => `http://${e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST}:${p}`;
  const regionalUrls = { [e.REGION]: local(e.REGIONAL_PORT), ...(e.REGIONAL_URLS ?? {}) };
  if (e.SUNSET_DATE && Number.isNaN(Date.parse(e.SUNSET_DATE))) {
    throw new ConfigError("Invalid configuration:\n  SUNSET_DATE: must be a date");
  }
  return {
    dataDir: path.resolve(e.BRANDSPACE_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    host: e.HOST,
    centralPort: e.CENTRAL_PORT,
    regionalPort: e.REGIONAL_PORT,
    dashboardPort: e.DASHBOARD_PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    importAllowHosts: parseList(e.IMPORT_ALLOW_HOSTS),
    trustProxy: e.TRUST_PROXY,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importStallTimeoutMs: e.IMPORT_STALL_TIMEOUT,
    longJobWorkers: e.LONG_JOB_WORKERS,
    metrics: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST ?? e.HOST, port: e.METRICS_PORT },
    visitorUrl: (e.VISITOR_URL ?? local(e.DASHBOARD_PORT)).replace(/\/$/, ""),
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK === "1",
    webhookAllowHosts: parseList(e.WEBHOOK_ALLOW_HOSTS),
    webhookRetryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE,
    webhookFailingAfterMs: e.WEBHOOK_FAILING_AFTER,
    webhookFailingMinExhausted: e.WEBHOOK_FAILING_MIN_EXHAUSTED,
    webhookDeliveryLeaseMs: e.WEBHOOK_DELIVERY_LEASE,
    webhookEndpointConcurrency: e.WEBHOOK_ENDPOINT_CONCURRENCY,
    rateLimits: e.RATE_LIMITS,
    centralUrl: (e.CENTRAL_URL ?? local(e.CENTRAL_PORT)).replace(/\/$/, ""),
    region: e.REGION,
    regionalUrls,
    sunsetDate: e.SUNSET_DATE ? new Date(e.SUNSET_DATE).toUTCString() : undefined,
    secret: e.BRANDSPACE_SECRET,
    processRole: e.BRANDSPACE_PROCESS,
    jobPollMs: e.JOB_POLL_MS,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE,
    demoContent: e.DEMO_CONTENT === "1",
    blobs: blobStoreConfig(blobEnv.data, path.resolve(e.BRANDSPACE_DATA_DIR)),

    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
  };
}
