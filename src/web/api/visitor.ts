import type { Operation } from "../../contract/operation.ts";
import { type CallInput, fetchOperation, type Output } from "./client.ts";

/**
 * A visitor's call to the public API, through the dashboard server's `/public-api` proxy: no session, no key.
 * The access token a password bought is kept for the tab (sessionStorage) and sent as `X-Access-Token`.
 */
export function visitorCall<Op extends Operation>(
  op: Op,
  { accessToken, ...input }: Omit<CallInput<Op>, "idempotencyKey"> & { accessToken?: string | null } = {},
): Promise<Output<Op>> {
  return fetchOperation("/public-api", op, input, {
    credentials: "omit",
    headers: accessToken ? { "x-access-token": accessToken } : {},
  });
}

const tokenKey = (kind: string, token: string) => `brandspace:access:${kind}:${token}`;

export const visitorAccessToken = {
  read(kind: "share" | "transfer", token: string): string | null {
    try {
      const stored = JSON.parse(sessionStorage.getItem(tokenKey(kind, token)) ?? "null") as {
        token: string;
        expires_at: string;
      } | null;
      return stored && Date.parse(stored.expires_at) > Date.now() ? stored.token : null;
    } catch {
      return null;
    }
  },
  save(kind: "share" | "transfer", token: string, access: { token: string; expires_at: string }) {
    sessionStorage.setItem(tokenKey(kind, token), JSON.stringify(access));
  },
};

/** A URL the service signed (content, a zip), through the dashboard server so that it is same-origin here. */
export function viaPublicProxy(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname.startsWith("/v1/") ? `/public-api${parsed.pathname}${parsed.search}` : url;
  } catch {
    return undefined;
  }
}
