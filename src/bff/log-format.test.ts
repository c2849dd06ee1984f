import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { chooseLogFormat } from "./log-format.ts";
import { createBffLogger } from "./logger.ts";

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

describe("the BFF logger", () => {
  it("scrubs the API key before the line reaches its destination", () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const apiKey = "bsk_test_0123456789abcdef";
    createBffLogger({ level: "info", apiKey, stream }).info(
      { note: `key ${apiKey}` },
      "GET /login/abc_DEF-1",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(apiKey);
    expect(lines[0]).not.toContain("abc_DEF-1");
    expect(JSON.parse(lines[0]!)).toMatchObject({ note: "key [redacted]", msg: "GET /login/[redacted]" });
  });
});
