// autocannon ships no types: the subset the benches use.
declare module "autocannon" {
  interface Options {
    url: string;
    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Worker threads firing requests; off the main thread, the load generator leaves it to the server. */
    workers?: number;
    timeout?: number;
    /** A run before the measured one, so that JIT compilation and pools settle; its figures are not reported. */
    warmup?: { connections?: number; duration?: number };
  }

  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }

  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers by status code. */
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
