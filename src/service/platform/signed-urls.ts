import { ApiError } from "./errors.ts";
import { hmac, safeEqual } from "./secrets.ts";

/**
 * URLs that work without an API key (downloads, upload parts): the path and its expiry are signed with a
 * purpose-specific key, so a signature for one path or purpose is worthless for another.
 */
export function signPath(key: Buffer, path: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${path}?expires=${expires}&signature=${signature(key, path, expires)}`;
}

/** Throws 404 for a bad signature (nothing to reveal) and 410 for an expired one. */
export function verifySignedPath(
  key: Buffer,
  path: string,
  query: { expires: string; signature: string },
  now = new Date(),
) {
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || !safeEqual(signature(key, path, expires), query.signature)) {
    throw new ApiError("not_found", "This link is not valid.");
  }
  if (expires * 1000 < now.getTime())
    throw new ApiError("expired", "This link has expired; ask the API for a new one.");
}

function signature(key: Buffer, path: string, expires: number): string {
  return hmac(key, `${path}\n${expires}`).subarray(0, 24).toString("base64url");
}

/**
 * Expiry rounded up to a whole hour plus one, so that listings served within the same hour hand out identical
 * thumbnail URLs and browsers can cache them.
 */
export function stableExpiry(now = new Date(), hours = 1): Date {
  const hour = 3_600_000;
  return new Date(Math.ceil(now.getTime() / hour) * hour + hours * hour);
}
