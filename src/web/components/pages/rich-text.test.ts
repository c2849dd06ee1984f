import { describe, expect, it } from "vitest";
import { formatRuns, parseRuns } from "./rich-text.ts";

describe("paragraph marks", () => {
  it("parses bold, italic, code and links, and writes them back the same", () => {
    const text =
      "Use the **dark** logo on _photos_, see `logo.svg` and [the guide](https://example.com/guide).";
    const runs = parseRuns(text);
    expect(runs).toEqual([
      { text: "Use the " },
      { text: "dark", bold: true },
      { text: " logo on " },
      { text: "photos", italic: true },
      { text: ", see " },
      { text: "logo.svg", code: true },
      { text: " and " },
      { text: "the guide", link: "https://example.com/guide" },
      { text: "." },
    ]);
    expect(formatRuns(runs)).toBe(text);
  });

  it("leaves links to other schemes as text", () => {
    expect(parseRuns("[x](javascript:alert(1))")).toEqual([{ text: "[x](javascript:alert(1))" }]);
  });
});
