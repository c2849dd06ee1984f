import os from "node:os";
import { sql } from "drizzle-orm";
import { seedSyntheticFiles } from "../src/service/seed/synthetic-seed.ts";
import { startTestService } from "../src/service/testing/test-service.ts";
import { benchDatabaseHeading } from "./aims.ts";
import { loadOptionsFromEnv, type Measurement, measure } from "./measure.ts";

const UNLIMITED = "sustained=100000000/1m,month=1000000000/1mo";
const OPTIONS = ["Draft", "In review", "Approved", "Published", "Archived"];

/**
 * `GET /v1/files` filtered by a status property value (one option in five) over BENCH_FILES (default 100,000)
 * files that all hold a value, next to the plain list in the same run: what a filter costs over a page.
 */
async function main() {
  const load = loadOptionsFromEnv();
  const count = Number(process.env.BENCH_FILES ?? 100_000);
  const service = await startTestService({ env: { RATE_LIMITS: UNLIMITED } });
  try {
    const started = Date.now();
    await seedSyntheticFiles(service.deps.db, service.deps.blobs, {
      brandspaceId: service.seed.brandspaceId,
      files: count,
    });
    const headers = { authorization: `Bearer ${service.seed.ownerKey}`, "content-type": "application/json" };
    const created = await fetch(`${service.regionalUrl}/v1/properties`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Stage", type: "status", options: OPTIONS.map((label) => ({ label })) }),
    });
    const property = (await created.json()) as { id: string; options: { id: string }[] };
    const optionIds = property.options.map((o) => o.id);
    // Every file holds one of the five options, spread evenly; then the statistics a user's autovacuum would keep.
    await service.deps.db.execute(sql`
      insert into property_values (file_id, property_id, brandspace_id, value)
      select id, ${property.id}, brandspace_id,
             jsonb_build_object('option_id', (${sql.param(optionIds)}::text[])[1 + abs(hashtext(id)) % 5])
      from files where brandspace_id = ${service.seed.brandspaceId}`);
    await service.deps.db.execute(sql`analyze property_values`);
    const seedSeconds = (Date.now() - started) / 1000;

    const filter = encodeURIComponent(
      JSON.stringify({ property_id: property.id, op: "eq", value: optionIds[2] }),
    );
    const runs: [string, string][] = [
      ["plain list", "/v1/files?limit=50"],
      ["status eq (1 in 5)", `/v1/files?limit=50&filter=${filter}`],
      ["status eq, sort=name", `/v1/files?limit=50&sort=name&order=asc&filter=${filter}`],
    ];
    const results: { name: string; measured: Measurement; items: number }[] = [];
    for (const [name, path] of runs) {
      const probe = (await (await fetch(`${service.regionalUrl}${path}`, { headers })).json()) as {
        data: unknown[];
      };
      results.push({
        name,
        items: probe.data.length,
        measured: await measure(`${service.regionalUrl}${path}`, headers, load),
      });
    }
    const database = benchDatabaseHeading();
    console.log(
      `\n## property-filter: ${count.toLocaleString("en")} files with a status value (seeded in ${seedSeconds.toFixed(1)} s), ${database}; ` +
        `${load.connections} connections, ${load.durationSeconds} s per run; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    const plain = results[0]!.measured.requestsPerSecond;
    console.log("| Request | Items | req/s | p50 ms | p99 ms | Ratio to the plain list |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (const r of results) {
      const m = r.measured;
      console.log(
        `| ${r.name} | ${r.items} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50Ms.toFixed(1)} | ${m.p99Ms.toFixed(1)} | ${(m.requestsPerSecond / plain).toFixed(3)} |`,
      );
    }
    const failed = results.filter((r) => r.measured.failures > 0 || r.items !== 50);
    if (failed.length > 0) {
      console.error(
        failed.map((r) => `${r.name}: ${r.measured.failures} failed requests, ${r.items} items`).join("\n"),
      );
      process.exitCode = 1;
    }
  } finally {
    await service.close();
  }
}

await main();
