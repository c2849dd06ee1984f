import { describe, expect, it } from "vitest";
import { moveTo, moveToIfElsewhere } from "./reorder.ts";

describe("moveTo", () => {
  const ids = ["a", "b", "c", "d"];

  it("moves forward and backward", () => {
    expect(moveTo(ids, "a", 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveTo(ids, "d", 0)).toEqual(["d", "a", "b", "c"]);
  });

  it("clamps positions past the end to last", () => {
    expect(moveTo(ids, "b", 99)).toEqual(["a", "c", "d", "b"]);
  });

  it("keeps the order when the item stays", () => {
    expect(moveTo(ids, "c", 2)).toEqual(ids);
  });
});

describe("moveToIfElsewhere", () => {
  const ids = ["a", "b", "c", "d"];

  it("is null when the item already stands there, clamped or not", () => {
    expect(moveToIfElsewhere(ids, "c", 2)).toBeNull();
    expect(moveToIfElsewhere(ids, "d", 99)).toBeNull();
  });

  it("moves as moveTo otherwise", () => {
    expect(moveToIfElsewhere(ids, "a", 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveToIfElsewhere(ids, "b", 99)).toEqual(["a", "c", "d", "b"]);
  });
});
