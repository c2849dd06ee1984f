import { createHmac, timingSafeEqual } from "node:crypto";

/** The signature timestamp tolerance of the interface: older or newer than this is refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The interface's verification steps: split the header on `,` and each part on its first `=`; refuse a `t` more
 * than 300 s from now; accept when HMAC-SHA256 over `<t>.<raw body>` with any of our secrets equals any `v1`.
 */
export function checkSignature(
  header: string | undefined,
  rawBody: Buffer,
  secrets: readonly string[],
  nowSeconds: number,
): SignatureVerdict {
  if (!header) return { ok: false, reason: "The Service-Signature header is missing." };
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return { ok: false, reason: "The Service-Signature header is malformed." };
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, reason: "The signature's timestamp is too far from now." };
  }
  const signed = Buffer.concat([Buffer.from(`${timestamp}.`, "utf8"), rawBody]);
  for (const secret of secrets) {
    const expected = createHmac("sha256", secret).update(signed).digest();
    if (signatures.some((candidate) => timingSafeEqual(candidate, expected))) return { ok: true };
  }
  return { ok: false, reason: "The signature does not match." };
}
