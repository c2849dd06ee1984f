import os from "node:os";
import { pathToFileURL } from "node:url";
import { startTestService } from "../src/service/testing/test-service.ts";
import { benchDatabaseHeading } from "./aims.ts";
import { startCeilingServer } from "./ceiling-server.ts";
import { type LoadOptions, loadOptionsFromEnv, type Measurement, measure } from "./measure.ts";
import { failuresOf, formatThroughput } from "./report.ts";

export interface EndpointResult {
  endpoint: string;
  responseBytes: number;
  service: Measurement;
  ceiling: Measurement;
}

const ENDPOINTS = ["/v1/me", "/v1/roles"];
// Rate limiting stays on (every request still counts in the database), but must never answer 429 here.
const UNLIMITED = "sustained=100000000/1m,month=1000000000/1mo";

/**
 * The central host's identity and roles reads, through the whole pipeline (authentication, rate counters,
 * validation, serialization against the contract), next to a bare node:http server answering the same bytes.
 */
export async function metaThroughput(load: LoadOptions): Promise<EndpointResult[]> {
  const service = await startTestService({ env: { RATE_LIMITS: UNLIMITED } });
  const headers = { authorization: `Bearer ${service.seed.ownerKey}` };
  const bodies: Record<string, string> = {};
  for (const endpoint of ENDPOINTS)
    bodies[endpoint] = await fetchOnce(`${service.centralUrl}${endpoint}`, headers);
  const ceiling = await startCeilingServer(bodies);
  try {
    const results: EndpointResult[] = [];
    for (const endpoint of ENDPOINTS) {
      results.push({
        endpoint: `GET ${endpoint}`,
        responseBytes: Buffer.byteLength(bodies[endpoint]!),
        service: await measure(`${service.centralUrl}${endpoint}`, headers, load),
        ceiling: await measure(`${ceiling.url}${endpoint}`, headers, load),
      });
    }
    return results;
  } finally {
    await ceiling.close();
    await service.close();
  }
}

async function fetchOnce(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text}`);
  return text;
}

async function main() {
  const load = loadOptionsFromEnv();
  const database = benchDatabaseHeading();
  console.log(
    `\n## meta-throughput: ${database}; ${load.connections} connections, ${load.durationSeconds} s per run ` +
      `after ${load.warmupSeconds} s warm-up; Node ${process.version}, ${os.cpus().length} CPUs\n`,
  );
  const results = await metaThroughput(load);
  console.log(formatThroughput(results));
  const failures = failuresOf(results);
  for (const failure of failures) console.log(`FAILED: ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
