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
    const bareOne = await startBareListBeside(service, "one");
    const results = [];
    for (const path of paths) {
      results.push({
        endpoint: `GET ${path.replace(seeded.libraryId, "{lib}")}`,
        responseBytes: Buffer.byteLength(bodies[path]!),
        service: await measure(`${service.regionalUrl}${path}`, headers, load),
        ceiling: await measure(`${ceiling.url}${path}`, headers, load),
      });
    }
    // The aim's runs come in rounds, the bare handler first in one round and last in the next, and their medians
    // are compared: run once each in a fixed order, the first took whatever the machine (or PostgreSQL's
    // checkpointer) was doing then, and one run gave 0.53 where the next gave 0.79 on the same seed. Beside the
    // yardstick's two statements, a bare handler sending the service's one statement (not the aim's figure).
    const urls = {
      bare: `${bare.url}/v1/files?limit=50`,
      service: `${service.regionalUrl}${paths[0]!}`,
      bareOne: `${bareOne.url}/v1/files?limit=50`,
    };
    const rounds: Record<keyof typeof urls, Measurement>[] = [];
    for (let round = 0; round < AIM_ROUNDS; round++) {
      const order = (["bare", "service", "bareOne"] as const).slice();
      if (round % 2 === 1) order.reverse();
      const measured: Partial<Record<keyof typeof urls, Measurement>> = {};
      for (const which of order) measured[which] = await measure(urls[which], headers, load);
      rounds.push(measured as Record<keyof typeof urls, Measurement>);
    }
    const serviceRate = median(rounds.map((r) => r.service.requestsPerSecond));
    const bareRate = median(rounds.map((r) => r.bare.requestsPerSecond));
    const bareOneRate = median(rounds.map((r) => r.bareOne.requestsPerSecond));
    await bare.close();
    await bareOne.close();
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
      "\n| Aim (issue 15), round | Service req/s | Bare handler req/s | Bare p50 ms | Ratio | Bare, one statement req/s | Ratio to it |\n" +
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const [i, r] of rounds.entries()) {
      const rate = (m: Measurement) => m.requestsPerSecond;
      console.log(
        `| ${i + 1} (${i % 2 === 0 ? "bare first" : "bare last"}) | ${rate(r.service).toFixed(0)} | ` +
          `${rate(r.bare).toFixed(0)} | ${r.bare.p50Ms.toFixed(1)} | ${(rate(r.service) / rate(r.bare)).toFixed(3)} | ` +
          `${rate(r.bareOne).toFixed(0)} | ${(rate(r.service) / rate(r.bareOne)).toFixed(3)} |`,
      );
    }
    console.log(
      `\nThe service now sends one statement (a list item's columns and a thumbnail flag) where the yardstick sends ` +
        `two; a bare handler sending that one statement: ${bareOneRate.toFixed(0)} req/s (medians), the service ` +
        `${(serviceRate / bareOneRate).toFixed(3)} of it.`,
    );
    console.log(
      `\n| Aim (issue 15) | Service req/s | Bare handler req/s | Ratio | Aim | Result |\n| --- | ---: | ---: | ---: | ---: | --- |\n` +
        `| GET /v1/files?limit=50 vs the same two queries on node:http (pool ${testPoolSize()}), medians of ${rounds.length} rounds | ` +
        `${serviceRate.toFixed(0)} | ${bareRate.toFixed(0)} | ${ratio.toFixed(3)} | ${aim} | ${ratio >= aim ? "pass" : "miss"} |`,
    );
    const failures = [
      ...failuresOf(results),
      ...rounds.flatMap((r, i) =>
        Object.entries(r).flatMap(([which, m]) =>
          m.failures > 0 ? [`${which}, round ${i + 1}: ${m.failureKinds}`] : [],
        ),
      ),
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
