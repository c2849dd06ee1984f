import type { Dispatcher } from "undici";
import { request } from "undici";
import { z } from "zod";
import { KeyContext } from "../contract/meta.ts";
import type { Clock } from "./session-store.ts";

export const REGIONAL_REFRESH_MS = 5 * 60_000;

// The decisions document's central paths; every other /v1 path is regional.
const CENTRAL_PATHS = [
  /^\/v1\/(me|usage|events|brandspace|members|roles|health|openapi\.json)$/,
  /^\/v1\/members\/[^/]+$/,
];

export function isCentralPath(pathname: string): boolean {
  return CENTRAL_PATHS.some((pattern) => pattern.test(pathname));
}

const MeHosts = z.object({ hosts: KeyContext.shape.hosts });

export interface UpstreamHostsOptions {
  centralUrl: string;
  apiKey: string;
  dispatcher?: Dispatcher;
  refreshMs?: number;
  now?: Clock;
}

/** The central URL from configuration and the regional URL discovered from `GET /v1/me`, cached. */
export class UpstreamHosts {
  #regional: { url: string; fetchedAt: number } | null = null;
  #discovery: Promise<string> | null = null;

  constructor(private readonly options: UpstreamHostsOptions) {}

  get centralUrl(): string {
    return this.options.centralUrl;
  }

  /** The last known regional URL without waiting, e.g. for the CSP; null before the first discovery. */
  get knownRegionalUrl(): string | null {
    return this.#regional?.url ?? null;
  }

  async regionalUrl(): Promise<string> {
    const now = (this.options.now ?? Date.now)();
    const cached = this.#regional;
    if (cached && now - cached.fetchedAt < (this.options.refreshMs ?? REGIONAL_REFRESH_MS)) return cached.url;
    this.#discovery ??= this.#discover().finally(() => {
      this.#discovery = null;
    });
    return this.#discovery;
  }

  /** After a 421: the API named the right regional host. */
  setRegionalUrl(url: string): void {
    this.#regional = { url: url.replace(/\/$/, ""), fetchedAt: (this.options.now ?? Date.now)() };
  }

  /** After a network failure: rediscover on the next request. */
  invalidate(): void {
    this.#regional = null;
  }

  async #discover(): Promise<string> {
    const response = await request(`${this.options.centralUrl}/v1/me`, {
      headers: { authorization: `Bearer ${this.options.apiKey}`, accept: "application/json" },
      ...(this.options.dispatcher ? { dispatcher: this.options.dispatcher } : {}),
    });
    const body = await response.body.json().catch(() => null);
    const parsed = MeHosts.safeParse(body);
    if (response.statusCode !== 200 || !parsed.success) {
      throw new Error(`GET /v1/me on the central host answered ${response.statusCode}`);
    }
    this.setRegionalUrl(parsed.data.hosts.regional);
    return this.#regional!.url;
  }
}
