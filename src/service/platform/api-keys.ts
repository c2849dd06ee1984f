import { createHash, randomInt } from "node:crypto";

/** The fixed prefix of every key: `bsk_<region>_<secret>`, or the legacy `bsk_<secret>` meaning `us`. */
export const KEY_PREFIX = "bsk";
export const LEGACY_REGION = "us";
const SECRET_LENGTH = 40;
const LOOKUP_LENGTH = 12;
const DISPLAY_LENGTH = 8;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export interface ParsedKey {
  /** The region segment, or null for a legacy key. */
  region: string | null;
  secret: string;
}

const KEY_PATTERN = /^bsk_(?:([a-z][a-z0-9-]{0,15})_)?([0-9A-Za-z]{32,64})$/;

export function parseApiKey(token: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(token);
  return match ? { region: match[1] ?? null, secret: match[2]! } : null;
}

export interface MintedKey {
  key: string;
  lookup: string;
  hash: string;
  prefix: string;
}

/** A new key with ~238 bits of entropy: base62, drawn without modulo bias. */
export function mintApiKey(region: string | null): MintedKey {
  let secret = "";
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  const key = region ? `${KEY_PREFIX}_${region}_${secret}` : `${KEY_PREFIX}_${secret}`;
  return { key, lookup: lookupOf(secret), hash: hashApiKey(key), prefix: displayPrefix(region, secret) };
}

export const lookupOf = (secret: string) => secret.slice(0, LOOKUP_LENGTH);

/** SHA-256 suffices: keys are long random strings, so there is nothing to brute-force in a slow hash. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function displayPrefix(region: string | null, secret: string): string {
  return `${region ? `${KEY_PREFIX}_${region}_` : `${KEY_PREFIX}_`}${secret.slice(0, DISPLAY_LENGTH)}`;
}
