import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type SecretPurpose =
  | "cursor"
  | "download"
  | "upload"
  | "webhook-encryption"
  | "public-token"
  | "idempotency";

/** Derives one independent key per purpose from the server secret, so no key serves two jobs. */
export interface Keyring {
  key(purpose: SecretPurpose): Buffer;
}

export function createKeyring(serverSecret: Buffer): Keyring {
  const cache = new Map<SecretPurpose, Buffer>();
  return {
    key(purpose) {
      let key = cache.get(purpose);
      if (!key) {
        key = Buffer.from(hkdfSync("sha256", serverSecret, Buffer.alloc(0), `brandspace:${purpose}`, 32));
        cache.set(purpose, key);
      }
      return key;
    },
  };
}

/** The configured secret, else `<dataDir>/secret.key`, created (mode 0600) on first use. */
export function loadServerSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, "utf8");
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, `${secret.toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  return secret;
}

export function hmac(key: Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

export function safeEqual(a: Buffer | string, b: Buffer | string): boolean {
  const x = typeof a === "string" ? Buffer.from(a) : a;
  const y = typeof b === "string" ? Buffer.from(b) : b;
  return x.length === y.length && timingSafeEqual(x, y);
}
