import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatAims, parseAims } from "./aims.ts";

/** The V8 flags `npm start` runs the service with (package.json): each bench process measures it as deployed. */
const SERVICE_NODE_FLAGS = ["--max-semi-space-size=32"];

/**
 * Every bench, in order; each is a script of this folder that prints its own Markdown report and exits non-zero
 * when its figures cannot be trusted. `npm run bench -- <name>` runs some of them.
 */
const BENCHES = [
  "meta-throughput",
  "blob-throughput",
  "files-list",
  "search",
  "tags",
  "similar",
  "property-filter",
  "content-throughput",
  "webhooks",
  "processing-memory",
  "transfer-zip",
  "web",
];

const DATABASES = { pglite: "PGlite", postgres: "PostgreSQL" } as const;
type DatabaseKind = keyof typeof DATABASES;

/**
 * The databases to run every bench on, in order: BENCH_DATABASES (`pglite`, `postgres` or both, comma-separated),
 * else PGlite, and PostgreSQL too when TEST_DATABASE_URL is set.
 */
function databasesOf(env: NodeJS.ProcessEnv): DatabaseKind[] | string {
  const chosen = env.BENCH_DATABASES?.trim();
  if (!chosen) return env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  const kinds = [...new Set(chosen.split(",").map((kind) => kind.trim().toLowerCase()))];
  const unknown = kinds.filter((kind) => !(kind in DATABASES));
  if (unknown.length > 0) return `unknown BENCH_DATABASES ${unknown.join(", ")}; known: pglite, postgres`;
  if (kinds.includes("postgres") && !env.TEST_DATABASE_URL)
    return "BENCH_DATABASES names postgres: set TEST_DATABASE_URL to a PostgreSQL server";
  return kinds as DatabaseKind[];
}

function main(args: string[]) {
  const unknown = args.filter((name) => !BENCHES.includes(name));
  if (unknown.length > 0) {
    console.error(`unknown bench ${unknown.join(", ")}; known: ${BENCHES.join(", ")}`);
    return 2;
  }
  const databases = databasesOf(process.env);
  if (typeof databases === "string") {
    console.error(databases);
    return 2;
  }
  // Every bench appends the aims of issue 15 it measured to a file here; the summary after the last bench reads it.
  // PGlite's data directories go here too.
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), "bs-bench-"));
  const aimsFile = path.join(scratchDir, "aims.jsonl");
  const failed: string[] = [];
  try {
    for (const database of databases) {
      const env: NodeJS.ProcessEnv = { ...process.env, BENCH_AIMS_FILE: aimsFile };
      // The tests' rule: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise; PGlite on disk, as users run
      // it (in memory, its files grow by copying: 15 % slower on the webhook bench).
      if (database === "pglite") {
        delete env.TEST_DATABASE_URL;
        env.TEST_PGLITE_DIR ??= scratchDir;
      }
      console.log(`\n# ${DATABASES[database]}`);
      for (const name of args.length > 0 ? args : BENCHES) {
        const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
        // One process per bench: no bench measures what another left behind (heap, JIT state, open handles).
        const result = spawnSync(process.execPath, [...SERVICE_NODE_FLAGS, "--import", "tsx", script], {
          stdio: "inherit",
          env,
        });
        if (result.status !== 0) failed.push(`${name} (${DATABASES[database]})`);
      }
    }
    const rows = parseAims(readAimsFile(aimsFile));
    console.log("\n## Aims (issue 15)\n");
    console.log(rows.length > 0 ? formatAims(rows) : "No bench of this run recorded an aim.");
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
  if (failed.length > 0) console.error(`\nFAILED: ${failed.join(", ")}`);
  return failed.length > 0 ? 1 : 0;
}

function readAimsFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));
