import { createHmac } from "node:crypto";

/**
 * `t=<unix>,v1=<hex>[,v1=<hex>]`: HMAC-SHA256 over `<t>.<raw body>` with each secret, the current one first
 * (during the 24 h after a roll, the previous one second).
 */
export function signatureHeader(secrets: string[], unixSeconds: number, body: Buffer): string {
  const prefix = `${unixSeconds}.`;
  const entries = secrets.map(
    (secret) => `v1=${createHmac("sha256", secret).update(prefix).update(body).digest("hex")}`,
  );
  return [`t=${unixSeconds}`, ...entries].join(",");
}
