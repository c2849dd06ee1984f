import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createBffLogger } from "./logger.ts";

/** A destination that keeps the lines written to it. */
function capturedLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe("the BFF logger", () => {
  it("scrubs the API key before the line reaches its destination", () => {
    const { lines, stream } = capturedLines();
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

  it("hides public links' tokens in request paths", () => {
    const { lines, stream } = capturedLines();
    createBffLogger({ level: "info", apiKey: "bsk_test_x", stream }).info(
      { url: "/s/pzmmf6j_-vrOpHyJP5-6wstW0Yw78Nb1" },
      "GET /public-api/v1/public/transfers/tok_secret/unlock",
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({
      url: "/s/[token]",
      msg: "GET /public-api/v1/public/transfers/[token]/unlock",
    });
  });
});
