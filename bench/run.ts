import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Every bench, in order; each is a script of this folder that prints its own Markdown report and exits non-zero
 * when its figures cannot be trusted. `npm run bench -- <name>` runs some of them.
 */
const BENCHES = [
  "meta-throughput",
  "blob-throughput",
  "files-list",
  "search",
  "similar",
  "property-filter",
  "content-throughput",
  "webhooks",
  "processing-memory",
  "transfer-zip",
  "web",
];

function main(args: string[]) {
  const unknown = args.filter((name) => !BENCHES.includes(name));
  if (unknown.length > 0) {
    console.error(`unknown bench ${unknown.join(", ")}; known: ${BENCHES.join(", ")}`);
    return 2;
  }
  const failed: string[] = [];
  for (const name of args.length > 0 ? args : BENCHES) {
    const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
    // One process per bench: no bench measures what another left behind (heap, JIT state, open handles).
    const result = spawnSync(process.execPath, ["--import", "tsx", script], { stdio: "inherit" });
    if (result.status !== 0) failed.push(name);
  }
  if (failed.length > 0) console.error(`\nFAILED: ${failed.join(", ")}`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
