import { describe, expect, it } from "vitest";
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
