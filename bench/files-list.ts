import os from "node:os";
import { testPoolSize } from "../src/service/testing/test-database.ts";
import { benchDatabase, benchDatabaseHeading, recordAim } from "./aims.ts";
import { startBareListBeside } from "./bare-list-server.ts";
import { startCeilingServer } from "./ceiling-server.ts";
import { loadOptionsFromEnv, type Measurement, measure } from "./measure.ts";
import { failuresOf, formatThroughput } from "./report.ts";
import { startSeededService } from "./seeded-service.ts";
import { median } from "./stats.ts";

/** Rounds of the aim's two runs (BENCH_LIST_ROUNDS, default 3). */
const AIM_ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 3);

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
    // The aim's runs alternate, the service first in one round and the bare handler first in the next, and their
    // medians are compared: run once each in a fixed order, the first took whatever the machine (or PostgreSQL's
    // checkpointer) was doing then, and one run gave 0.53 where the next gave 0.79 on the same seed.
    const bareUrl = `${bare.url}/v1/files?limit=50`;
    const serviceUrl = `${service.regionalUrl}${paths[0]!}`;
    const rounds: { service: Measurement; bare: Measurement }[] = [];
    for (let round = 0; round < AIM_ROUNDS; round++) {
      const first = await measure(round % 2 === 0 ? bareUrl : serviceUrl, headers, load);
      const second = await measure(round % 2 === 0 ? serviceUrl : bareUrl, headers, load);
      rounds.push(round % 2 === 0 ? { bare: first, service: second } : { service: first, bare: second });
    }
    const serviceRate = median(rounds.map((r) => r.service.requestsPerSecond));
    const bareRate = median(rounds.map((r) => r.bare.requestsPerSecond));
    await bare.close();
    await ceiling.close();
    const database = benchDatabaseHeading();
    console.log(
      `\n## files-list: ${count.toLocaleString("en")} files (seeded in ${seedSeconds.toFixed(1)} s), ${database}; ` +
        `${load.connections} connections, ${load.durationSeconds} s per run; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(formatThroughput(results));
    const aim = process.env.TEST_DATABASE_URL ? 0.75 : 0.5;
    const ratio = serviceRate / bareRate;
    console.log(
      `\n| Aim (issue 15), round | Service req/s | Bare handler req/s | Bare p50 ms | Ratio |\n| --- | ---: | ---: | ---: | ---: |`,
    );
    for (const [i, r] of rounds.entries()) {
      console.log(
        `| ${i + 1} (${i % 2 === 0 ? "bare first" : "service first"}) | ${r.service.requestsPerSecond.toFixed(0)} | ` +
          `${r.bare.requestsPerSecond.toFixed(0)} | ${r.bare.p50Ms.toFixed(1)} | ` +
          `${(r.service.requestsPerSecond / r.bare.requestsPerSecond).toFixed(3)} |`,
      );
    }
    console.log(
      `\n| Aim (issue 15) | Service req/s | Bare handler req/s | Ratio | Aim | Result |\n| --- | ---: | ---: | ---: | ---: | --- |\n` +
        `| GET /v1/files?limit=50 vs the same two queries on node:http (pool ${testPoolSize()}), medians of ${rounds.length} rounds | ` +
        `${serviceRate.toFixed(0)} | ${bareRate.toFixed(0)} | ${ratio.toFixed(3)} | ${aim} | ${ratio >= aim ? "pass" : "miss"} |`,
    );
    const failures = [
      ...failuresOf(results),
      ...rounds.flatMap((r, i) => [
        ...(r.bare.failures > 0 ? [`bare, round ${i + 1}: ${r.bare.failureKinds}`] : []),
        ...(r.service.failures > 0 ? [`service, round ${i + 1}: ${r.service.failureKinds}`] : []),
      ]),
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
