import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { request } from "undici";
import { foldTagCounts } from "../src/service/tags/tags.repository.ts";
import { benchDatabaseHeading } from "./aims.ts";
import { latencyAlone, timedAlone } from "./latency-alone.ts";
import { startSeededService } from "./seeded-service.ts";

const SAMPLES = Number(process.env.BENCH_TAG_SAMPLES ?? 100);
/** Files retagged at once and left unfolded: the most a listing sums beside the counts until the next fold. */
const CHANGED_FILES = Number(process.env.BENCH_TAG_CHANGES ?? 10_000);

const ms = (value: number) => value.toFixed(1);

/** One POST of a JSON body, which must succeed; its milliseconds. */
async function timedPost(url: string, headers: Record<string, string>, body: unknown) {
  const started = performance.now();
  const res = await request(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${text}`);
  return performance.now() - started;
}

/**
 * Tags in use (`GET /v1/tags`, the most used first, as the dashboard's tag fields ask) on BENCH_FILES synthetic
 * files, read from the per-library counts that triggers keep (`src/service/db/schema/tag-counts.ts`); beside it,
 * in the same run, the aggregate over every file's tags that it replaced (its SQL alone, no HTTP). Then the same
 * listing with BENCH_TAG_CHANGES files retagged and not folded yet, and how long the retagging and the fold took.
 */
async function main() {
  const { service, count, headers, seedSeconds } = await startSeededService();
  try {
    const db = service.deps.db;
    const listing = (query: string) => `${service.regionalUrl}/v1/tags?limit=30${query}`;
    const aggregate = (q: string | null) =>
      db.execute(sql`
        select t.name, count(*)::int as file_count
        from files f cross join lateral unnest(f.tags) as t(name)
        where f.brandspace_id = ${service.seed.brandspaceId} and f.trashed_at is null and f.hidden_by is null
          ${q ? sql`and t.name ~* ${`(^|[[:space:]_./-])${q}`}` : sql``}
        group by t.name order by file_count desc, t.name limit 30`);
    const rows: [string, { p50: number; p99: number }][] = [];
    rows.push(["`GET /v1/tags`", await latencyAlone(listing(""), headers, SAMPLES)]);
    rows.push(["`GET /v1/tags?q=pr`", await latencyAlone(listing("&q=pr"), headers, SAMPLES)]);
    rows.push(["the aggregate it replaced, SQL alone", await timedAlone(SAMPLES, () => aggregate(null))]);
    rows.push(["the aggregate with `pr`, SQL alone", await timedAlone(SAMPLES, () => aggregate("pr"))]);

    /** Adds a tag to BENCH_TAG_CHANGES files that do not carry it yet, in one statement; its milliseconds. */
    const retag = async (tag: string) => {
      const started = performance.now();
      await db.execute(sql`
        update files set tags = array_append(tags, ${tag})
        where id in (select id from files where brandspace_id = ${service.seed.brandspaceId}
          and not (tags @> array[${tag}]::text[]) limit ${CHANGED_FILES})`);
      return performance.now() - started;
    };
    const retagMs = await retag("bench-retagged");
    rows.push([
      `\`GET /v1/tags\`, ${CHANGED_FILES.toLocaleString("en")} files retagged, not folded`,
      await latencyAlone(listing(""), headers, SAMPLES),
    ]);
    const started = performance.now();
    const folded = await foldTagCounts(db);
    const foldMs = performance.now() - started;
    // What autovacuum does after such a fold (PostgreSQL here runs without it; PGlite's db.vacuum job does it).
    await db.execute(sql`vacuum analyze tag_count_changes`);
    rows.push(["`GET /v1/tags`, folded", await latencyAlone(listing(""), headers, SAMPLES)]);
    // The Tags screen's rename and removal of that tag, through the API: each file changed gets its event.
    const renameMs = await timedPost(`${service.regionalUrl}/v1/tags/rename`, headers, {
      from: "bench-retagged",
      to: "bench-renamed",
    });
    const removeMs = await timedPost(`${service.regionalUrl}/v1/tags/remove`, headers, {
      tag: "bench-renamed",
    });
    // Last, since it leaves the counts wrong: the same retagging without the counts' trigger, for its cost.
    await db.execute(sql`alter table files disable trigger files_tag_counts_updated`);
    const retagWithoutMs = await retag("bench-retagged-again");

    console.log(
      `\n## tags in use: ${count.toLocaleString("en")} files (seeded in ${seedSeconds.toFixed(1)} s), ` +
        `${benchDatabaseHeading()}; ${SAMPLES} requests alone each; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log("| request | p50 ms | p99 ms |\n| --- | ---: | ---: |");
    for (const [label, { p50, p99 }] of rows) console.log(`| ${label} | ${ms(p50)} | ${ms(p99)} |`);
    console.log(
      `\nAdding a tag to ${CHANGED_FILES.toLocaleString("en")} files in one statement took ${ms(retagMs)} ms ` +
        `(${ms(retagWithoutMs)} ms with the counts' trigger disabled: the update and the search text's trigger); folding its ` +
        `${folded.toLocaleString("en")} changes took ${ms(foldMs)} ms. Renaming that tag through ` +
        `\`POST /v1/tags/rename\` took ${ms(renameMs)} ms, removing it (\`POST /v1/tags/remove\`) ${ms(removeMs)} ms, ` +
        "each with a file.updated event per file.",
    );
  } finally {
    await service.close();
  }
}

await main();
