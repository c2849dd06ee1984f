import { describe, expect, it } from "vitest";
import { equalsOf, filterOf, withEquals } from "./board-filter.ts";

describe("board filter document", () => {
  it("reads back what it writes, one condition or several", () => {
    const one = new Map([["prop_a", "opt_1"]]);
    expect(filterOf(one)).toEqual({ property_id: "prop_a", op: "eq", value: "opt_1" });
    expect(equalsOf(filterOf(one))).toEqual(one);
    const two = new Map([
      ["prop_a", "opt_1"],
      ["prop_b", "opt_2"],
    ]);
    expect(filterOf(two)).toEqual({
      and: [
        { property_id: "prop_a", op: "eq", value: "opt_1" },
        { property_id: "prop_b", op: "eq", value: "opt_2" },
      ],
    });
    expect(equalsOf(filterOf(two))).toEqual(two);
  });

  it("has no document without conditions and ignores what it does not write", () => {
    expect(filterOf(new Map())).toBeUndefined();
    expect(equalsOf(undefined)).toEqual(new Map());
    expect(equalsOf({ and: "not a list" })).toEqual(new Map());
    expect(equalsOf({ or: [{ property_id: "p", op: "eq", value: "o" }] })).toEqual(new Map());
    expect(equalsOf({ field: "name", op: "contains", value: "x" })).toEqual(new Map());
  });

  it("sets a board select's condition and keeps the filter panel's", () => {
    const panel = { property_id: "prop_note", op: "contains", value: "logo" } as const;
    const set = withEquals(panel, "prop_a", "opt_1");
    expect(set).toEqual({ and: [panel, { property_id: "prop_a", op: "eq", value: "opt_1" }] });
    expect(withEquals(set, "prop_a", "")).toEqual(panel);
  });
});
