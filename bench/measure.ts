import autocannon from "autocannon";

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** BENCH_CONNECTIONS, BENCH_DURATION and BENCH_WARMUP (seconds), with the defaults of bench/README.md. */
export function loadOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LoadOptions {
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
    return value;
  };
  return {
    connections: positive("BENCH_CONNECTIONS", 50),
    durationSeconds: positive("BENCH_DURATION", 10),
    warmupSeconds: positive("BENCH_WARMUP", 2),
  };
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, plus errors and timeouts: anything but 0 makes the figures meaningless. */
  failures: number;
  /** What the failures were, e.g. `3 × 503, 9 timeouts` (empty without failures). */
  failureKinds: string;
}

/** Drives `url` with a fixed number of keep-alive connections for a bounded time and summarizes the run. */
export async function measure(
  url: string,
  headers: Record<string, string>,
  load: LoadOptions,
): Promise<Measurement> {
  const result = await autocannon({
    url,
    headers,
    connections: load.connections,
    duration: load.durationSeconds,
    warmup: { connections: load.connections, duration: load.warmupSeconds },
    // The service and the ceiling share this process; the load generator must not take their event loop.
    workers: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts a timeout among the errors too.
    failures: result.non2xx + result.errors,
    failureKinds: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => `${count} × ${code}`),
      ...(result.timeouts > 0 ? [`${result.timeouts} timeouts`] : []),
      ...(result.errors > result.timeouts ? [`${result.errors - result.timeouts} other errors`] : []),
    ].join(", "),
  };
}
