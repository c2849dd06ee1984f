import os from "node:os";
import { testPoolSize } from "../src/service/testing/test-database.ts";
import { benchDatabase, benchDatabaseHeading, recordAim } from "./aims.ts";
import { startBareListBeside } from "./bare-list-server.ts";
import { startCeilingServer } from "./ceiling-server.ts";
import { loadOptionsFromEnv, measure } from "./measure.ts";
import { failuresOf, formatThroughput } from "./report.ts";
import { startSeededService } from "./seeded-service.ts";

/**
 * `GET /v1/files?limit=50` on a brandspace of BENCH_FILES (default 100,000) seeded files, through the whole
 * pipeline, next to a bare node:http server answering the same bytes.
 */
async function main() {
  const load = loadOptionsFromEnv();
  const { service, seeded, count, headers, seedSeconds } = await startSeededService();
  try {
    const paths = [
      "/v1/files?limit=50",
      `/v1/files?library_id=${seeded.libraryId}&recursive=true&sort=name&order=asc&limit=50`,
    ];
    const bodies: Record<string, string> = {};
    for (const path of paths)
      bodies[path] = await (await fetch(`${service.regionalUrl}${path}`, { headers })).text();
    const ceiling = await startCeilingServer(bodies);
    const bare = await startBareListBeside(service);
    const results = [];
    for (const path of paths) {
      results.push({
        endpoint: `GET ${path.replace(seeded.libraryId, "{lib}")}`,
        responseBytes: Buffer.byteLength(bodies[path]!),
        service: await measure(`${service.regionalUrl}${path}`, headers, load),
        ceiling: await measure(`${ceiling.url}${path}`, headers, load),
      });
    }
    const plain = { path: paths[0]!, url: `${bare.url}/v1/files?limit=50` };
    const bareRun = await measure(plain.url, headers, load);
    const serviceRun = results[0]!.service;
    await bare.close();
    await ceiling.close();
    const database = benchDatabaseHeading();
    console.log(
      `\n## files-list: ${count.toLocaleString("en")} files (seeded in ${seedSeconds.toFixed(1)} s), ${database}; ` +
        `${load.connections} connections, ${load.durationSeconds} s per run; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(formatThroughput(results));
    const aim = process.env.TEST_DATABASE_URL ? 0.75 : 0.5;
    const ratio = serviceRun.requestsPerSecond / bareRun.requestsPerSecond;
    console.log(
      `\n| Aim (issue 15) | Service req/s | Bare handler req/s | p50 ms | Ratio | Aim | Result |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n` +
        `| GET /v1/files?limit=50 vs the same two queries on node:http (pool ${testPoolSize()}) | ` +
        `${serviceRun.requestsPerSecond.toFixed(0)} | ${bareRun.requestsPerSecond.toFixed(0)} | ${bareRun.p50Ms.toFixed(1)} | ` +
        `${ratio.toFixed(3)} | ${aim} | ${ratio >= aim ? "pass" : "miss"} |`,
    );
    const failures = [
      ...failuresOf(results),
      ...(bareRun.failures > 0 ? [`bare: ${bareRun.failures} failed`] : []),
    ];
    recordAim({
      bench: "files-list",
      aim: "`GET /v1/files?limit=50` req/s ÷ bare list handler",
      database: benchDatabase(),
      target: aim,
      measured: ratio,
      better: "higher",
      note: [
        `${count.toLocaleString("en")} files`,
        ...(failures.length > 0 ? ["some requests failed: not a measurement"] : []),
      ].join("; "),
    });
    if (failures.length > 0) {
      console.error(failures.join("\n"));
      process.exitCode = 1;
    }
  } finally {
    await service.close();
  }
}

await main();
