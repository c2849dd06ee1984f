import type { IncomingHttpHeaders } from "node:http";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isMutation(method: string): boolean {
  return MUTATIONS.has(method.toUpperCase());
}

/**
 * CSRF defence beside SameSite=Strict: a mutation must name our origin in `Origin`, or, from browsers that
 * omit `Origin`, carry `Sec-Fetch-Site: same-origin`.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, publicOrigin: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return origin === publicOrigin;
  return headers["sec-fetch-site"] === "same-origin";
}
