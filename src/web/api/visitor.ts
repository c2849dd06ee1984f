import type { Operation } from "../../contract/operation.ts";
import { ApiError, type CallInput, type Output, pathOf, queryString } from "./client.ts";

/**
 * A visitor's call to the public API, through the dashboard server's `/public-api` proxy: no session, no key.
 * The access token a password bought is kept for the tab (sessionStorage) and sent as `X-Access-Token`.
 */
export async function visitorCall<Op extends Operation>(
  op: Op,
  input: Omit<CallInput<Op>, "idempotencyKey"> & { accessToken?: string | null } = {},
): Promise<Output<Op>> {
  const url = `/public-api${pathOf(op, input.params as Record<string, unknown>)}${queryString(input.query as Record<string, unknown>)}`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (input.body !== undefined) headers["content-type"] = "application/json";
  if (input.accessToken) headers["x-access-token"] = input.accessToken;
  const response = await fetch(url, {
    method: op.method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    credentials: "omit",
    signal: input.signal,
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(
      response.status,
      body?.object === "error" ? body : null,
      response.headers.get("retry-after"),
    );
  }
  return op.response.parse(await response.json()) as Output<Op>;
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
