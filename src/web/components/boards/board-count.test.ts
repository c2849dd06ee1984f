import { describe, expect, it } from "vitest";
import { boardCount } from "./board-count.ts";

const page = (n: number, has_more: boolean) => ({ data: Array.from({ length: n }), has_more });

describe("boardCount", () => {
  it("is exact when the first page holds every file", () => {
    expect(boardCount(page(0, false))).toBe("No files yet");
    expect(boardCount(page(1, false))).toBe("1 file");
    expect(boardCount(page(3, false))).toBe("3 files");
  });

  it("says at least when there are more", () => {
    expect(boardCount(page(25, true))).toBe("25+ files");
  });
});
