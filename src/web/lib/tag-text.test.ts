import { describe, expect, it } from "vitest";
import { lastTag, matchStart, withLastTag } from "./tag-text.ts";

describe("tag text", () => {
  it("reads the tag being typed after the last comma", () => {
    expect(lastTag("")).toBe("");
    expect(lastTag("  sum")).toBe("sum");
    expect(lastTag("print, web,  sum ")).toBe("sum");
    expect(lastTag("print,")).toBe("");
  });

  it("replaces only the tag being typed", () => {
    expect(withLastTag("sum", "summer")).toBe("summer");
    expect(withLastTag("print, web, sum", "summer")).toBe("print, web, summer");
    expect(withLastTag("print,", "summer")).toBe("print, summer");
  });

  it("finds the typed words at the start of the tag or of one of its words, in any case", () => {
    expect(matchStart("Summer campaign", "sum")).toBe(0);
    expect(matchStart("Summer campaign", "CAMP")).toBe(7);
    expect(matchStart("key-visual", "vis")).toBe(4);
    expect(matchStart("keyvisual", "vis")).toBe(-1);
    expect(matchStart("anything", "")).toBe(-1);
  });
});
