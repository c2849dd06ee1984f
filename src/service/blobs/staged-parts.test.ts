import { describe, expect, it } from "vitest";
import { StagedPartMissingError } from "./blob-errors.ts";
import { latestParts, partName, pickParts } from "./staged-parts.ts";

const A = "a".repeat(64);
const B = "b".repeat(64);

describe("latestParts", () => {
  it("keeps the later write when a re-sent part's old name is still listed", () => {
    const entries = [
      { name: partName(2, A), size: 5, modifiedAtMs: 100 },
      { name: partName(2, B), size: 6, modifiedAtMs: 200 },
      { name: partName(1, A), size: 7, modifiedAtMs: 50 },
      { name: "not-a-part", size: 1, modifiedAtMs: 300 },
    ];
    expect(latestParts(entries)).toEqual([
      { number: 1, size: 7, etag: A },
      { number: 2, size: 6, etag: B },
    ]);
  });
});

describe("pickParts", () => {
  const received = [
    { number: 1, size: 1, etag: A },
    { number: 2, size: 1, etag: B },
  ];

  it("returns parts in the order asked for", () => {
    expect(pickParts(received, [2, 1]).map((part) => part.number)).toEqual([2, 1]);
  });

  it("refuses a missing part and an empty list", () => {
    expect(() => pickParts(received, [1, 3])).toThrow(StagedPartMissingError);
    expect(() => pickParts(received, [])).toThrow(RangeError);
  });
});
