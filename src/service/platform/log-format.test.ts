import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env.ts";
import { chooseLogFormat } from "./log-format.ts";

describe("chooseLogFormat", () => {
  it("is pretty at a terminal and JSON otherwise when LOG_FORMAT is auto", () => {
    expect(chooseLogFormat("auto", true)).toBe("pretty");
    expect(chooseLogFormat("auto", false)).toBe("json");
  });

  it("follows LOG_FORMAT=json or pretty whatever standard output is", () => {
    for (const tty of [true, false]) {
      expect(chooseLogFormat("json", tty)).toBe("json");
      expect(chooseLogFormat("pretty", tty)).toBe("pretty");
    }
  });
});

describe("LOG_FORMAT", () => {
  it("defaults to auto, accepts pretty and json, and names a bad value", () => {
    expect(loadConfig({}).logFormat).toBe("auto");
    expect(loadConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "text" })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: "text" })).toThrow(/LOG_FORMAT/);
  });
});
