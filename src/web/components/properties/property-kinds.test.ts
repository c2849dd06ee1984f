import { describe, expect, it } from "vitest";
import { moved } from "../../api/properties.ts";
import { clearedText, isHexColor } from "./property-kinds.ts";

describe("clearedText", () => {
  it("says how many files lose their value, with the noun agreeing", () => {
    expect(clearedText(0)).toBe("No file holds a value of it.");
    expect(clearedText(1)).toBe("This clears its value on 1 file.");
    expect(clearedText(12)).toBe("This clears its value on 12 files.");
  });
});

describe("moved", () => {
  const list = ["a", "b", "c", "d"].map((id, position) => ({ id, position }));
  const ids = (items: { id: string }[]) => items.map((item) => item.id).join("");

  it("moves an item up or down and renumbers positions densely from 0, as the service does", () => {
    expect(ids(moved(list, 3, 1))).toBe("adbc");
    expect(ids(moved(list, 0, 2))).toBe("bcad");
    expect(moved(list, 3, 1).map((item) => item.position)).toEqual([0, 1, 2, 3]);
  });

  it("leaves the list as it was when the item stays", () => {
    expect(ids(moved(list, 2, 2))).toBe("abcd");
  });
});

describe("isHexColor", () => {
  it("takes what the API takes: #rrggbb or #rgb", () => {
    expect(isHexColor("#1A2b3c")).toBe(true);
    expect(isHexColor("#abc")).toBe(true);
    expect(isHexColor("1a2b3c")).toBe(false);
    expect(isHexColor("#abcd")).toBe(false);
  });
});
