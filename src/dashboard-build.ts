import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** What the built SPA is made from: a change to any of these makes the build stale. */
const INPUTS = [
  "index.html",
  "vite.config.ts",
  "src/dashboard-precompress.ts",
  "package-lock.json",
  "public",
  "src/web",
  "src/contract",
];
const STAMP = ".source-hash";

async function filesUnder(root: string, entry: string): Promise<string[]> {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  const dirents = await readdir(full, { withFileTypes: true, recursive: true }).catch(() => null);
  if (!dirents) return [entry];
  return dirents
    .filter((d) => d.isFile() && !d.name.endsWith(".test.ts") && !d.name.endsWith(".test.tsx"))
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

/** A hash of the SPA's sources: their paths and contents. */
export async function dashboardSourceHash(root: string): Promise<string> {
  const hash = createHash("sha256");
  const files = (await Promise.all(INPUTS.map((entry) => filesUnder(root, entry)))).flat().sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
  }
  return hash.digest("hex");
}

/**
 * Builds the dashboard into `outDir` unless the build there was made from the current sources. Returns
 * whether it built. `npm start` calls this so that a fresh checkout or a pulled change never serves a stale app.
 */
export async function buildDashboardIfStale(
  root: string,
  outDir: string,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  const sourceHash = await dashboardSourceHash(root);
  const stamp = path.join(outDir, STAMP);
  const built = await readFile(stamp, "utf8").catch(() => null);
  if (built === sourceHash && existsSync(path.join(outDir, "index.html"))) return false;
  log("Building the dashboard (its sources changed since the last build)…");
  // Built beside the old build and swapped in at the end: a server reading `outDir` meanwhile (or a second
  // build racing this one) never sees a half-written app.
  const staging = `${outDir}.next-${process.pid}`;
  await viteBuildForProduction(root, staging);
  await writeFile(path.join(staging, STAMP), sourceHash);
  const retired = `${outDir}.old-${process.pid}`;
  await rename(outDir, retired).catch(() => {});
  await rename(staging, outDir);
  await rm(retired, { recursive: true, force: true });
  return true;
}

/**
 * Vite takes NODE_ENV over into the bundle, so a caller running with NODE_ENV=test or development (vitest, a
 * developer's shell) would ship React's development build: the dashboard is always built as in production.
 */
async function viteBuildForProduction(root: string, outDir: string): Promise<void> {
  const { build } = await import("vite");
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root,
      mode: "production",
      configFile: path.join(root, "vite.config.ts"),
      logLevel: "warn",
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
