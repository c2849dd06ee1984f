import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";

// RFC 9110 §7.6.1: connection-specific headers are not forwarded; `host` is the upstream's own.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

// The browser's credentials are for the dashboard, never for the API.
const BROWSER_ONLY = new Set(["cookie", "authorization", "origin", "referer"]);

type Headers = IncomingHttpHeaders | Record<string, string | string[] | undefined>;

function namedByConnection(headers: Headers): Set<string> {
  const value = headers.connection;
  const text = Array.isArray(value) ? value.join(",") : (value ?? "");
  return new Set(
    text
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

function withoutHopByHop(headers: Headers, alsoDrop: Set<string>): Record<string, string | string[]> {
  const listed = namedByConnection(headers);
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || listed.has(lower) || alsoDrop.has(lower)) continue;
    kept[lower] = value;
  }
  return kept;
}

/** Headers for the upstream request: the browser's minus credentials, plus the key and an idempotency key. */
export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  apiKey: string,
  isMutation: boolean,
): Record<string, string | string[]> {
  const headers = withoutHopByHop(incoming, BROWSER_ONLY);
  headers.authorization = `Bearer ${apiKey}`;
  if (isMutation && !headers["idempotency-key"]) headers["idempotency-key"] = randomUUID();
  return headers;
}

/**
 * Headers for a visitor's call to the public API: the browser's minus credentials, with no key, naming the client
 * (as this server resolved it) so the API's per-client password throttle sees visitors, not this server.
 */
export function publicUpstreamHeaders(
  incoming: IncomingHttpHeaders,
  clientIp: string,
): Record<string, string | string[]> {
  const headers = withoutHopByHop(incoming, new Set([...BROWSER_ONLY, "x-forwarded-for", "forwarded"]));
  headers["x-forwarded-for"] = clientIp;
  return headers;
}

/** Headers for the browser: the upstream's minus hop-by-hop ones and any cookie it tried to set. */
export function browserResponseHeaders(upstream: Headers): OutgoingHttpHeaders {
  return withoutHopByHop(upstream, new Set(["set-cookie"]));
}
