export interface RetryDelayOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_DELAY: RetryDelayOptions = { baseMs: 10_000, maxMs: 3_600_000 };

/**
 * Exponential backoff after the given failed attempt (1-based), plus up to 25% jitter so that jobs that failed
 * together (e.g. a dependency was down) do not all retry in the same instant. Never shorter than the nominal delay.
 */
export function retryDelayMs(attempt: number, options: RetryDelayOptions, random = Math.random): number {
  const nominal = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(nominal * (1 + 0.25 * random()));
}
