import { randomBytes } from "node:crypto";

export type Clock = () => number;

/** Server-side sessions: a random 256-bit id maps to an expiry; nothing else is kept in the cookie. */
export class SessionStore {
  readonly #expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: Clock = Date.now,
  ) {}

  create(): string {
    this.#sweep();
    const id = randomBytes(32).toString("base64url");
    this.#expiries.set(id, this.now() + this.ttlMs);
    return id;
  }

  isValid(id: string | undefined): boolean {
    if (!id) return false;
    const expiresAt = this.#expiries.get(id);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.#expiries.delete(id);
    return false;
  }

  delete(id: string | undefined): void {
    if (id) this.#expiries.delete(id);
  }

  #sweep(): void {
    const now = this.now();
    for (const [id, expiresAt] of this.#expiries) if (expiresAt <= now) this.#expiries.delete(id);
  }
}
