import { describe, expect, it } from "vitest";
import { byKnownWords, typoRegex, wordMatchers } from "./file-search.ts";

const typo = (word: string, text: string) => new RegExp(typoRegex(word), "i").test(text);

describe("typo matching", () => {
  it("matches one substituted, missing, extra or swapped character", () => {
    expect(typo("logp", "logo.png")).toBe(true);
    expect(typo("brnd", "Brand guide")).toBe(true);
    expect(typo("brannd", "brand")).toBe(true);
    expect(typo("bradn", "brand")).toBe(true);
    expect(typo("lgop", "logo")).toBe(false);
    expect(typo("zzzz", "logo")).toBe(false);
  });

  it("escapes regular expression characters", () => {
    expect(typo("a.b+c", "a.b+d")).toBe(true);
    expect(typo("a.b+c", "axb+d")).toBe(false);
  });

  it("only for words of 4 to 24 characters, and escapes LIKE wildcards", () => {
    const [short, long, wild] = wordMatchers(["abc", "x".repeat(25), "50%_off"]);
    expect(short).toEqual({ word: "abc", like: "%abc%", typo: null, neighbours: [], tokens: null });
    expect(long?.typo).toBeNull();
    expect(wild?.like).toBe("%50\\%\\_off%");
    expect(wild?.typo).not.toBeNull();
  });
});

describe("words found through the known words containing them", () => {
  it("are 3 to 33 letters or digits, not only digits", () => {
    expect(["sum", "summer", "café", "年度報告", "summer2024", "x".repeat(33)].map(byKnownWords)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["lo", "2024", "x".repeat(34), "brand-guide", "50%", "a b", "e\u0301"].map(byKnownWords)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
