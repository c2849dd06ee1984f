import { describe, expect, it } from "vitest";
import { typoRegex, wordMatchers } from "./file-search.ts";

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
    expect(short).toEqual({ word: "abc", like: "%abc%", typo: null, neighbours: [] });
    expect(long?.typo).toBeNull();
    expect(wild?.like).toBe("%50\\%\\_off%");
    expect(wild?.typo).not.toBeNull();
  });
});
