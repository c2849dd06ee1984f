import type { FastifyBaseLogger } from "fastify";
import { ensureReceiverEndpoint, type RegistrationOptions } from "./receiver-registration.ts";
import { type ReceiverState, readReceiverState } from "./receiver-state.ts";

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;
/** Someone may delete or disable our endpoint in the dashboard itself: looked at again this often. */
const RECHECK_MS = 5 * 60_000;

/**
 * The dashboard's subscription to the service's own webhooks: registered when a dashboard is first opened (an
 * API-only installation never sees an endpoint it did not create), from then on at every start (retried while
 * the service is not reachable yet), and checked again now and then; holds the secret that receiver posts are
 * verified with.
 */
export class LiveFeed {
  #state: ReceiverState | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  #receiverUrl: string | null = null;
  #begun = false;
  #waiters: (() => void)[] = [];

  constructor(
    private readonly options: Omit<RegistrationOptions, "receiverUrl">,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Null until the endpoint is registered: posts cannot be verified before. */
  get receiver(): ReceiverState | null {
    return this.#state;
  }

  /** Keeps an endpoint registered before up to date at once; registers a first one only on `demand`. */
  start(receiverUrl: string): void {
    this.#stopped = false;
    this.#receiverUrl = receiverUrl;
    void readReceiverState(this.options.dataDir).then(
      (known) => known && this.demand(),
      () => {},
    );
  }

  /** A logged-in dashboard opened its live stream: the subscription is wanted. */
  demand(): void {
    if (this.#begun || this.#stopped || !this.#receiverUrl) return;
    this.#begun = true;
    void this.#ensure(this.#receiverUrl, 0);
  }

  /**
   * Resolves once the endpoint is registered, or after `timeoutMs` (the service may be down): a stream that
   * opens after this misses no event sent after it opened.
   */
  subscribed(timeoutMs: number): Promise<void> {
    if (this.#state || !this.#begun) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#begun = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #ensure(receiverUrl: string, failures: number): Promise<void> {
    if (this.#stopped) return;
    let next: number;
    try {
      const first = this.#state === null;
      this.#state = await ensureReceiverEndpoint({ ...this.options, receiverUrl });
      for (const wake of this.#waiters.splice(0)) wake();
      if (first)
        this.log.info({ webhook_id: this.#state.webhook_id, receiverUrl }, "Live updates subscribed");
      next = RECHECK_MS;
      failures = 0;
    } catch (error) {
      this.log.warn({ reason: (error as Error).message, receiverUrl }, "Live updates not subscribed yet");
      next = Math.min(FIRST_RETRY_MS * 2 ** failures, LONGEST_RETRY_MS);
      failures += 1;
    }
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#ensure(receiverUrl, failures), next);
    this.#timer.unref();
  }
}
