import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BffConfigError, loadBffConfig } from "./config.ts";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-bff-config-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe("loadBffConfig", () => {
  it("defaults to local ports, a 12 h session and the owner key from the data directory", async () => {
    await writeFile(path.join(dataDir, "owner.key"), "bsk_us_fromfile\n");
    const config = loadBffConfig({ BRANDSPACE_DATA_DIR: dataDir });
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      centralUrl: "http://127.0.0.1:4000",
      apiKey: "bsk_us_fromfile",
      sessionTtlMs: 12 * 3_600_000,
      publicOrigin: "http://127.0.0.1:3000",
      staticDir: path.resolve("dist/web"),
    });
  });

  it("prefers explicit values", () => {
    const config = loadBffConfig({
      BRANDSPACE_DATA_DIR: dataDir,
      HOST: "0.0.0.0",
      DASHBOARD_PORT: "8080",
      CENTRAL_PORT: "9000",
      DASHBOARD_API_KEY: "bsk_us_env",
      DASHBOARD_SESSION_TTL: "30m",
      DASHBOARD_PUBLIC_ORIGIN: "https://dash.example.com/",
    });
    expect(config).toMatchObject({
      port: 8080,
      centralUrl: "http://0.0.0.0:9000",
      apiKey: "bsk_us_env",
      sessionTtlMs: 1_800_000,
      publicOrigin: "https://dash.example.com",
    });
    expect(
      loadBffConfig({ DASHBOARD_API_KEY: "k", CENTRAL_URL: "https://api.example.com/" }).centralUrl,
    ).toBe("https://api.example.com");
  });

  it("reads LOG_FORMAT: auto unless pretty or json", () => {
    expect(loadBffConfig({ DASHBOARD_API_KEY: "k" }).logFormat).toBe("auto");
    expect(loadBffConfig({ DASHBOARD_API_KEY: "k", LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(loadBffConfig({ DASHBOARD_API_KEY: "k", LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(() => loadBffConfig({ DASHBOARD_API_KEY: "k", LOG_FORMAT: "text" })).toThrow(/LOG_FORMAT/);
  });

  it("names every bad variable, and a missing key", () => {
    const bad = () =>
      loadBffConfig({ DASHBOARD_API_KEY: "k", DASHBOARD_PORT: "x", DASHBOARD_SESSION_TTL: "soon" });
    expect(bad).toThrow(BffConfigError);
    expect(bad).toThrow(/DASHBOARD_PORT[\s\S]*DASHBOARD_SESSION_TTL/);
    expect(() => loadBffConfig({ BRANDSPACE_DATA_DIR: dataDir })).toThrow(/owner\.key is missing/);
  });
});
