import { describe, expect, it } from "vitest";
import { resolveRange } from "./http-range.ts";

describe("resolveRange", () => {
  it("reads first, middle, open-ended and suffix ranges", () => {
    expect(resolveRange("bytes=0-0", 10)).toEqual({ kind: "partial", start: 0, end: 0 });
    expect(resolveRange("bytes=2-5", 10)).toEqual({ kind: "partial", start: 2, end: 5 });
    expect(resolveRange("bytes=7-", 10)).toEqual({ kind: "partial", start: 7, end: 9 });
    expect(resolveRange("bytes=-3", 10)).toEqual({ kind: "partial", start: 7, end: 9 });
    expect(resolveRange("bytes=5-100", 10)).toEqual({ kind: "partial", start: 5, end: 9 });
  });

  it("answers the whole body for absent or unsupported ranges", () => {
    expect(resolveRange(undefined, 10)).toEqual({ kind: "full" });
    expect(resolveRange("bytes=0-1,4-5", 10)).toEqual({ kind: "full" });
    expect(resolveRange("items=0-1", 10)).toEqual({ kind: "full" });
  });

  it("flags ranges past the end", () => {
    expect(resolveRange("bytes=10-", 10)).toEqual({ kind: "unsatisfiable" });
    expect(resolveRange("bytes=5-2", 10)).toEqual({ kind: "unsatisfiable" });
    expect(resolveRange("bytes=-0", 10)).toEqual({ kind: "unsatisfiable" });
  });
});
