import type { FastifyBaseLogger } from "fastify";
import { ensureReceiverEndpoint, type RegistrationOptions } from "./receiver-registration.ts";
import type { ReceiverState } from "./receiver-state.ts";

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;
/** Someone may delete or disable our endpoint in the dashboard itself: looked at again this often. */
const RECHECK_MS = 5 * 60_000;

/**
 * The dashboard's subscription to the service's own webhooks: registered at start (retried while the service
 * is not reachable yet) and checked again now and then; holds the secret that receiver posts are verified with.
 */
export class LiveFeed {
  #state: ReceiverState | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(
    private readonly options: Omit<RegistrationOptions, "receiverUrl">,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Null until the endpoint is registered: posts cannot be verified before. */
  get receiver(): ReceiverState | null {
    return this.#state;
  }

  start(receiverUrl: string): void {
    this.#stopped = false;
    void this.#ensure(receiverUrl, 0);
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #ensure(receiverUrl: string, failures: number): Promise<void> {
    if (this.#stopped) return;
    let next: number;
    try {
      const first = this.#state === null;
      this.#state = await ensureReceiverEndpoint({ ...this.options, receiverUrl });
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
