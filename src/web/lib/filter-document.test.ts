import { describe, expect, it } from "vitest";
import { BrowseSearch } from "./browse-search.ts";
import {
  conditionsOf,
  documentOf,
  FilterDocument,
  filterCount,
  type PropertyCondition,
  withCondition,
  withoutCondition,
} from "./filter-document.ts";

const approved: PropertyCondition = { property_id: "prop_status", op: "eq", value: "opt_ok" };
const due: PropertyCondition = { property_id: "prop_due", op: "lt", value: "2026-03-01T00:00:00.000Z" };
const empty: PropertyCondition = { property_id: "prop_owner", op: "is_empty" };

describe("filter document", () => {
  it("writes one condition as itself and several as an and, and reads them back", () => {
    expect(documentOf([])).toBeUndefined();
    expect(documentOf([approved])).toEqual(approved);
    expect(documentOf([approved, due])).toEqual({ and: [approved, due] });
    expect(conditionsOf(documentOf([approved, due, empty]))).toEqual({
      conditions: [approved, due, empty],
      others: [],
    });
    expect(conditionsOf(undefined)).toEqual({ conditions: [], others: [] });
  });

  it("adds and removes conditions, keeping what it does not write", () => {
    const or = { or: [approved, due] };
    const one = withCondition(or, approved);
    expect(one).toEqual({ and: [approved, or] });
    expect(withCondition(one, approved)).toEqual(one);
    expect(withoutCondition(one, 0)).toEqual(or);
    expect(withoutCondition(approved, 0)).toBeUndefined();
    expect(filterCount(one)).toBe(3);
    expect(filterCount(undefined)).toBe(0);
  });

  it("accepts the grammar within the service's limits and refuses the rest", () => {
    expect(FilterDocument.safeParse({ not: { field: "name", op: "contains", value: "x" } }).success).toBe(
      true,
    );
    expect(FilterDocument.safeParse({ property_id: "p", op: "like", value: "x" }).success).toBe(false);
    expect(FilterDocument.safeParse({ and: [] }).success).toBe(false);
    expect(FilterDocument.safeParse({ and: "nope" }).success).toBe(false);
    // Five groups nest, as the service allows; a sixth does not.
    const deep = { not: { not: { not: { not: { not: approved } } } } };
    expect(FilterDocument.safeParse(deep).success).toBe(true);
    expect(FilterDocument.safeParse({ and: [deep] }).success).toBe(false);
    const many = { and: Array.from({ length: 51 }, () => approved) };
    expect(FilterDocument.safeParse(many).success).toBe(false);
    const long = { property_id: "p", op: "contains", value: "x".repeat(4100) };
    expect(FilterDocument.safeParse(long).success).toBe(false);
  });

  it("drops a malformed URL value and keeps the rest of the browse state", () => {
    expect(BrowseSearch.parse({ view: "list", filter: "not an object" })).toEqual({ view: "list" });
    expect(BrowseSearch.parse({ filter: { op: "eq" } })).toEqual({});
    expect(BrowseSearch.parse({ filter: approved })).toEqual({ filter: approved });
  });
});
