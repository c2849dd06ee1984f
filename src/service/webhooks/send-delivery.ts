import { Agent } from "undici";
import type { AddressPolicy } from "../platform/ssrf.ts";
import { connectGuard, UrlNotAllowedError } from "../platform/ssrf.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export interface SendOutcome {
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  errorCode: string | null;
  responseExcerpt: string | null;
  /** The sender shut down mid-attempt: record nothing, the lease lapses and another sender retries. */
  interrupted: boolean;
}

/** One agent per address policy: every new connection is resolved once, checked, and pinned to that address. */
export function createDeliveryAgent(policy: AddressPolicy): Agent {
  return new Agent({
    connect: connectGuard(policy, { timeout: DELIVERY_TIMEOUT_MS }),
    headersTimeout: DELIVERY_TIMEOUT_MS,
    bodyTimeout: DELIVERY_TIMEOUT_MS,
  });
}

/**
 * POSTs the exact signed bytes (a Buffer: Content-Length, never chunked); redirects are not followed. The whole
 * attempt, answer excerpt included, has `DELIVERY_TIMEOUT_MS`. Sent through the agent's `dispatch` with a handler
 * that keeps the first KiB of the answer: `request()` built a readable stream, its listeners and an abort signal
 * per attempt, about a tenth of an attempt's CPU.
 */
export function sendDelivery(
  agent: Agent,
  target: { url: string; headers: Record<string, string>; body: Buffer },
  shutdown: AbortSignal,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const attempt = new DeliveryAttempt(resolve, shutdown);
    let url: URL;
    try {
      url = new URL(target.url);
    } catch (error) {
      attempt.onError(error as Error);
      return;
    }
    agent.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: target.headers,
        body: target.body,
      },
      attempt,
    );
  });
}

/** What of an answer is read past its excerpt before the connection is dropped instead. */
const DISCARD_LIMIT = 64 * 1024;

/** Attempts in flight per shutdown signal: one listener per signal, not one per attempt. */
const inFlight = new WeakMap<AbortSignal, Set<DeliveryAttempt>>();

function inFlightOf(shutdown: AbortSignal): Set<DeliveryAttempt> {
  let attempts = inFlight.get(shutdown);
  if (!attempts) {
    const created = new Set<DeliveryAttempt>();
    shutdown.addEventListener("abort", () => {
      for (const attempt of created) attempt.interrupt();
    });
    inFlight.set(shutdown, created);
    attempts = created;
  }
  return attempts;
}

class AttemptTimeoutError extends Error {}
class AttemptInterruptedError extends Error {}

/** undici's dispatch handler for one attempt: status, the first KiB of the answer, or why it failed. */
class DeliveryAttempt {
  readonly #started = performance.now();
  readonly #timer: NodeJS.Timeout;
  readonly #attempts: Set<DeliveryAttempt>;
  #abort: ((reason: Error) => void) | null = null;
  #cancelled: Error | null = null;
  #status = 0;
  #chunks: Buffer[] = [];
  #size = 0;
  #done = false;

  constructor(
    private readonly resolve: (outcome: SendOutcome) => void,
    private readonly shutdown: AbortSignal,
  ) {
    this.#timer = setTimeout(() => this.#cancel(new AttemptTimeoutError("timeout")), DELIVERY_TIMEOUT_MS);
    this.#attempts = inFlightOf(shutdown);
    this.#attempts.add(this);
    if (shutdown.aborted) this.interrupt();
  }

  interrupt() {
    this.#cancel(new AttemptInterruptedError("shutdown"));
  }

  #cancel(reason: Error) {
    if (this.#done || this.#cancelled) return;
    this.#cancelled = reason;
    if (this.#abort) this.#abort(reason);
    else this.onError(reason);
  }

  onConnect(abort: (reason: Error) => void) {
    if (this.#cancelled) abort(this.#cancelled);
    else this.#abort = abort;
  }

  onHeaders(statusCode: number): boolean {
    if (statusCode >= 200) this.#status = statusCode;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.#size < EXCERPT_BYTES) this.#chunks.push(chunk);
    this.#size += chunk.length;
    // The answer is read on (keeping the connection) unless it goes on far past the excerpt.
    if (this.#size > EXCERPT_BYTES + DISCARD_LIMIT) {
      this.#answered();
      this.#abort?.(new Error("answer past its excerpt"));
    }
    return true;
  }

  onComplete() {
    this.#answered();
  }

  onError(error: Error) {
    if (this.#done) return;
    const timedOut = error instanceof AttemptTimeoutError;
    this.#finish({
      ok: false,
      httpStatus: null,
      durationMs: this.#elapsed(),
      errorCode: timedOut ? "timeout" : networkErrorCode(error),
      responseExcerpt: null,
      interrupted: error instanceof AttemptInterruptedError || (this.shutdown.aborted && !timedOut),
    });
  }

  #answered() {
    if (this.#done) return;
    const status = this.#status;
    const ok = status >= 200 && status < 300;
    this.#finish({
      ok,
      httpStatus: status,
      durationMs: this.#elapsed(),
      errorCode: ok ? null : errorCodeOf(status),
      responseExcerpt: excerptOf(this.#chunks),
      interrupted: false,
    });
  }

  #finish(outcome: SendOutcome) {
    this.#done = true;
    clearTimeout(this.#timer);
    this.#attempts.delete(this);
    this.resolve(outcome);
  }

  #elapsed() {
    return Math.round(performance.now() - this.#started);
  }
}

function errorCodeOf(status: number): string {
  if (status === 410) return "gone";
  if (status >= 300 && status < 400) return "redirect_not_followed";
  return "http_error";
}

function networkErrorCode(error: unknown): string {
  if (
    error instanceof UrlNotAllowedError ||
    (error as { cause?: unknown })?.cause instanceof UrlNotAllowedError
  ) {
    return "url_not_allowed";
  }
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  if (code === "ECONNREFUSED") return "connection_refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "dns_error";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection_reset";
  if (code?.startsWith("UND_ERR_") && code.includes("TIMEOUT")) return "timeout";
  return "network_error";
}

/** The first 1 KiB of the answer. */
function excerptOf(chunks: Buffer[]): string {
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  // PostgreSQL text cannot hold NUL: one such answer would make its result impossible to record.
  return bytes.subarray(0, EXCERPT_BYTES).toString("utf8").replaceAll("\0", "\uFFFD");
}
