import { Agent, request } from "undici";
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
 * attempt, answer excerpt included, has `DELIVERY_TIMEOUT_MS`. (A timer and a controller per attempt: a composed
 * `AbortSignal.any([AbortSignal.timeout(), shutdown])` cost about 30 µs each, a tenth of an attempt's CPU.)
 */
export async function sendDelivery(
  agent: Agent,
  target: { url: string; headers: Record<string, string>; body: Buffer },
  shutdown: AbortSignal,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, DELIVERY_TIMEOUT_MS);
  const stop = () => controller.abort();
  shutdown.addEventListener("abort", stop, { once: true });
  if (shutdown.aborted) stop();
  try {
    const response = await request(target.url, {
      method: "POST",
      headers: target.headers,
      body: target.body,
      dispatcher: agent,
      signal: controller.signal,
    });
    const excerpt = await readExcerpt(response.body);
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    return {
      ok,
      httpStatus: status,
      durationMs: elapsed(),
      errorCode: ok ? null : errorCodeOf(status),
      responseExcerpt: excerpt,
      interrupted: false,
    };
  } catch (error) {
    return {
      ok: false,
      httpStatus: null,
      durationMs: elapsed(),
      errorCode: timedOut ? "timeout" : networkErrorCode(error),
      responseExcerpt: null,
      interrupted: shutdown.aborted && !timedOut,
    };
  } finally {
    clearTimeout(timer);
    shutdown.removeEventListener("abort", stop);
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

/** The first 1 KiB of the answer; the rest is discarded without reading it. */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_BYTES) break;
  }
  body.destroy();
  // PostgreSQL text cannot hold NUL: one such answer would make its result impossible to record.
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8").replaceAll("\0", "\uFFFD");
}
