import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressAssets } from "./dashboard-precompress.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "bs-precompress-"));
  await mkdir(path.join(dir, "assets"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("precompressAssets", () => {
  it("writes brotli and gzip copies of text assets that decompress to the original", async () => {
    const script = `export const words = ${JSON.stringify("brand asset ".repeat(500))};\n`;
    await writeFile(path.join(dir, "assets", "app-1a2b.js"), script);
    expect(await precompressAssets(dir)).toBe(1);
    const br = await readFile(path.join(dir, "assets", "app-1a2b.js.br"));
    const gz = await readFile(path.join(dir, "assets", "app-1a2b.js.gz"));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });

  it("leaves images, source maps and tiny files alone", async () => {
    await writeFile(path.join(dir, "assets", "logo.png"), Buffer.alloc(4096, 1));
    await writeFile(path.join(dir, "assets", "app.js.map"), "x".repeat(4096));
    await writeFile(path.join(dir, "robots.txt"), "User-agent: *\n");
    expect(await precompressAssets(dir)).toBe(0);
    expect((await readdir(path.join(dir, "assets"))).sort()).toEqual(["app.js.map", "logo.png"]);
  });
});
