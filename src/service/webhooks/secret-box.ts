import { randomBytes } from "node:crypto";

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Enough of a secret to tell two apart, never enough to use it. */
export function secretHint(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

export { openSecret, sealSecret } from "../platform/secret-box.ts";
