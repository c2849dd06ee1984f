import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

describe("LOG_FORMAT", () => {
  it("defaults to auto, accepts pretty and json, and names a bad value", () => {
    expect(loadConfig({}).logFormat).toBe("auto");
    expect(loadConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "text" })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: "text" })).toThrow(/LOG_FORMAT/);
  });
});
