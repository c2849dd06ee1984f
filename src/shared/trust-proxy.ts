import { isIP } from "node:net";
import { z } from "zod";

/**
 * Which reverse proxies may name the client in `X-Forwarded-For` (Fastify's `trustProxy`): empty is `false` (the
 * socket's address is the client), a number is a hop count, otherwise a comma list of addresses and CIDR ranges.
 */
export function trustProxySetting(defaultValue: string) {
  return z
    .string()
    .default(defaultValue)
    .transform((text, ctx): false | number | string[] => {
      const value = text.trim();
      if (value === "") return false;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.every((entry) => isIP(entry.split("/")[0]!) !== 0)) return entries;
      ctx.addIssue({
        code: "custom",
        message: "expected a hop count or a comma list of addresses and CIDR ranges",
      });
      return z.NEVER;
    });
}

/** Fastify's `trustProxy` for a setting: a hop count trusts the nearest hops. */
export function fastifyTrustProxy(setting: false | number | string[]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}
