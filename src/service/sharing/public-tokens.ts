import { randomBytes } from "node:crypto";
import { ApiError } from "../platform/errors.ts";
import { hmac, safeEqual } from "../platform/secrets.ts";

/** 192 random bits: the whole secret of a shared link or transfer URL. */
export const newPublicToken = () => randomBytes(24).toString("base64url");

/** An access token lives an hour: long enough to browse, short enough that a leaked one soon dies. */
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;

/**
 * What a correct password buys: `<expires>.<signature>` over the item's id and the password hash it was checked
 * against, so changing or removing the password invalidates every token handed out before.
 */
export function issueAccessToken(key: Buffer, itemId: string, passwordHash: string, now = new Date()) {
  const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return {
    object: "access_token" as const,
    token: `${expires}.${sign(key, itemId, passwordHash, expires)}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

export function accessTokenValid(
  key: Buffer,
  itemId: string,
  passwordHash: string,
  token: string | undefined,
  now = new Date(),
): boolean {
  const match = token ? /^(\d{1,12})\.([\w-]{1,64})$/.exec(token) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  return expires * 1000 > now.getTime() && safeEqual(sign(key, itemId, passwordHash, expires), match[2]!);
}

function sign(key: Buffer, itemId: string, passwordHash: string, expires: number) {
  return hmac(key, `${itemId}\n${passwordHash}\n${expires}`).subarray(0, 24).toString("base64url");
}

/**
 * A visitor's 401: the item needs its password. HTTP asks every 401 for a challenge; the visitor's credential is
 * the unlock's access token, sent as `X-Access-Token`, so that names the scheme (no browser prompts for it).
 */
export const visitorUnauthorized = (message: string) =>
  new ApiError(
    "unauthorized",
    message,
    { password_required: true },
    { "WWW-Authenticate": "X-Access-Token" },
  );

export const passwordRequired = () =>
  visitorUnauthorized(
    "This item is protected by a password: unlock it and send the access token as X-Access-Token.",
  );
