import { describe, expect, it } from "vitest";
import { lastTag, withLastTag } from "./tag-text.ts";

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
});
