import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "./session-store.ts";

export const LOGIN_TOKEN_TTL_MS = 3_600_000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** One-time login tokens for a dashboard without a password; only their hashes are kept. */
export class LoginTokens {
  readonly #expiries = new Map<string, number>();

  constructor(private readonly now: Clock = Date.now) {}

  issue(): string {
    const token = randomBytes(32).toString("base64url");
    this.#expiries.set(sha256(token), this.now() + LOGIN_TOKEN_TTL_MS);
    return token;
  }

  /** True once per valid token; the token is spent whether or not it had expired. */
  consume(token: string): boolean {
    const hash = sha256(token);
    const expiresAt = this.#expiries.get(hash);
    this.#expiries.delete(hash);
    return expiresAt !== undefined && expiresAt > this.now();
  }
}
