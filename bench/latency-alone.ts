import { performance } from "node:perf_hooks";
import { percentile } from "./stats.ts";

/** Unmeasured calls first: code compiled, connections and caches warm. */
const WARM_UP = 5;

/** Latency of calls made one after another (`samples` of them): p50 and p99 in milliseconds. */
export async function timedAlone(samples: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < samples + WARM_UP; i++) {
    const started = performance.now();
    await call();
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Latency of requests sent one after another on one connection: p50 and p99 in milliseconds. */
export function latencyAlone(url: string, headers: Record<string, string>, samples: number) {
  return timedAlone(samples, async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  });
}
