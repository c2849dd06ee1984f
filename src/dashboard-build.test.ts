import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDashboardIfStale, dashboardSourceHash } from "./dashboard-build.ts";

const root = path.resolve(import.meta.dirname, "..");
let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), "bs-web-build-"));
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe("buildDashboardIfStale", () => {
  it("builds when there is no build, then not again while the sources are unchanged", async () => {
    expect(await buildDashboardIfStale(root, outDir)).toBe(true);
    const index = await readFile(path.join(outDir, "index.html"), "utf8");
    const entry = /<script type="module" crossorigin src="\/(assets\/index-[\w-]+\.js)">/.exec(index)?.[1];
    expect(entry).toBeDefined();
    // Precompressed copies for the BFF to send to browsers that accept brotli or gzip.
    const assets = await readdir(path.join(outDir, "assets"));
    expect(assets).toContain(`${path.basename(entry!)}.br`);
    expect(assets).toContain(`${path.basename(entry!)}.gz`);
    // No source maps in the served build: they would hand out the app's source.
    expect(assets.filter((name) => name.includes(".map"))).toEqual([]);
    expect(await readFile(path.join(outDir, entry!), "utf8")).not.toContain("sourceMappingURL");
    expect(await buildDashboardIfStale(root, outDir)).toBe(false);
  }, 120_000);

  it("builds React's production bundle even when the caller runs with NODE_ENV=test", async () => {
    expect(process.env.NODE_ENV).toBe("test");
    await writeFile(path.join(outDir, ".source-hash"), "stale");
    await buildDashboardIfStale(root, outDir);
    const assets = await readdir(path.join(outDir, "assets"));
    const scripts = await Promise.all(
      assets
        .filter((name) => name.endsWith(".js"))
        .map((name) => readFile(path.join(outDir, "assets", name), "utf8")),
    );
    expect(scripts.some((code) => code.includes("react-dom.development"))).toBe(false);
    expect(scripts.some((code) => code.includes("jsxDEV"))).toBe(false);
    expect(process.env.NODE_ENV).toBe("test");
  }, 120_000);

  it("rebuilds when the build was made from other sources", async () => {
    await writeFile(path.join(outDir, ".source-hash"), "0".repeat(64));
    expect(await buildDashboardIfStale(root, outDir)).toBe(true);
    expect(await readFile(path.join(outDir, ".source-hash"), "utf8")).toBe(await dashboardSourceHash(root));
  }, 120_000);
});
