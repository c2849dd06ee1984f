import type { Clock } from "./session-store.ts";

export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
}

/** Counts wrong passwords per client IP in a fixed window; blocks the IP once the window is full. */
export class LoginThrottle {
  readonly #windows = new Map<string, { failures: number; resetsAt: number }>();

  constructor(
    private readonly options: LoginThrottleOptions = { maxFailures: 5, windowMs: 60_000 },
    private readonly now: Clock = Date.now,
  ) {}

  /** Seconds until the client may try again, or null when it may try now. */
  retryAfterSeconds(ip: string): number | null {
    const window = this.#current(ip);
    if (!window || window.failures < this.options.maxFailures) return null;
    return Math.max(1, Math.ceil((window.resetsAt - this.now()) / 1000));
  }

  recordFailure(ip: string): void {
    const window = this.#current(ip) ?? { failures: 0, resetsAt: this.now() + this.options.windowMs };
    window.failures += 1;
    this.#windows.set(ip, window);
  }

  #current(ip: string) {
    const window = this.#windows.get(ip);
    if (window && window.resetsAt <= this.now()) {
      this.#windows.delete(ip);
      return undefined;
    }
    return window;
  }
}
