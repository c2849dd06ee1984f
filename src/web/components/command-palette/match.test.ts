import { describe, expect, it } from "vitest";
import { normalise, wordsMatch } from "./match.ts";

describe("palette matching", () => {
  it("ignores case and accents", () => {
    expect(normalise("Résumé Café")).toBe("resume cafe");
  });

  it("matches words by their start, in any order", () => {
    expect(wordsMatch("sw th", "Switch to dark theme")).toBe(true);
    expect(wordsMatch("theme dark", "Switch to dark theme")).toBe(true);
    expect(wordsMatch("", "Anything")).toBe(true);
  });

  it("does not match inside a word", () => {
    // "logo" must not find "Sign out (log out, logout)": a search for logos would run the action on Enter.
    expect(wordsMatch("logo", "Sign out log out exit")).toBe(false);
    expect(wordsMatch("log", "Sign out log out exit")).toBe(true);
    expect(wordsMatch("api key", "Settings brandspace members roles api key")).toBe(true);
  });
});
