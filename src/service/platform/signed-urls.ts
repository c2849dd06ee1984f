import { ApiError } from "./errors.ts";
import { hmac, safeEqual } from "./secrets.ts";

/**
 * URLs that work without an API key (downloads, upload parts): the path and its expiry are signed with a
 * purpose-specific key, so a signature for one path or purpose is worthless for another.
 */
export function signPath(key: Buffer, path: string, expiresAt: Date, also = ""): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${path}?expires=${expires}&signature=${rememberedSignature(key, signedText(path, also), expires)}`;
}

/**
 * What a signature covers: the path, and `also` when given: a fact the URL does not carry but its server looks up
 * again (a shared link's password), so that a change of it stops the URLs signed before.
 */
const signedText = (path: string, also: string) => (also ? `${path}\n${also}` : path);

/** Signatures handed out lately, per key: a listing signs the same thumbnails for an hour (`stableExpiry`). */
const signedLately = new WeakMap<Buffer, Map<string, string>>();
/** About 4 MB at most per key; the whole map is dropped when full (an hour's worth of pages is far less). */
const SIGNED_LATELY_MAX = 20_000;

function rememberedSignature(key: Buffer, path: string, expires: number): string {
  let known = signedLately.get(key);
  if (!known) {
    known = new Map();
    signedLately.set(key, known);
  }
  const entry = `${path}\n${expires}`;
  let value = known.get(entry);
  if (value === undefined) {
    if (known.size >= SIGNED_LATELY_MAX) known.clear();
    value = signature(key, path, expires);
    known.set(entry, value);
  }
  return value;
}

/** Throws 404 for a bad signature (nothing to reveal) and 410 for an expired one. */
export function verifySignedPath(
  key: Buffer,
  path: string,
  query: { expires: string; signature: string },
  { also = "", now = new Date() }: { also?: string; now?: Date } = {},
) {
  const expires = Number(query.expires);
  if (
    !Number.isInteger(expires) ||
    !safeEqual(signature(key, signedText(path, also), expires), query.signature)
  ) {
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
