import type { EndpointResult } from "./meta-throughput.ts";

const number = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** One Markdown row per endpoint: the service, the ceiling, and the service's share of the ceiling. */
export function formatThroughput(results: EndpointResult[]): string {
  const header = [
    "| Endpoint | Body bytes | Service req/s | p50 ms | p99 ms | Ceiling req/s | p50 ms | p99 ms | Ratio |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const rows = results.map((r) =>
    [
      r.endpoint,
      number(r.responseBytes),
      number(r.service.requestsPerSecond),
      number(r.service.p50Ms, 1),
      number(r.service.p99Ms, 1),
      number(r.ceiling.requestsPerSecond),
      number(r.ceiling.p50Ms, 1),
      number(r.ceiling.p99Ms, 1),
      number(r.service.requestsPerSecond / r.ceiling.requestsPerSecond, 3),
    ].join(" | "),
  );
  return [...header, ...rows.map((row) => `| ${row} |`)].join("\n");
}

/** Runs whose answers were not all 2xx: their figures measure errors, not the service. */
export function failuresOf(results: EndpointResult[]): string[] {
  return results.flatMap((r) => [
    ...(r.service.failures > 0 ? [`${r.endpoint} (service): ${r.service.failures} failed requests`] : []),
    ...(r.ceiling.failures > 0 ? [`${r.endpoint} (ceiling): ${r.ceiling.failures} failed requests`] : []),
  ]);
}
