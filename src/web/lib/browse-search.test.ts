import { describe, expect, it } from "vitest";
import { BrowseSearch, hasFilters } from "./browse-search.ts";

describe("BrowseSearch", () => {
  it("keeps valid values and drops invalid ones, so a stale link still opens", () => {
    const parsed = BrowseSearch.parse({
      view: "list",
      sort: "size",
      kind: ["image", "nope"],
      min_size: -1,
      after: "2026-02-30x",
      before: "2026-03-01",
    });
    expect(parsed).toEqual({ view: "list", sort: "size", before: "2026-03-01" });
  });

  it("tells filters from view and sort", () => {
    expect(hasFilters({ view: "grid", sort: "name", q: "logo" })).toBe(false);
    expect(hasFilters({ kind: [] })).toBe(false);
    expect(hasFilters({ kind: ["image"] })).toBe(true);
    expect(hasFilters({ min_size: 0 })).toBe(true);
  });
});
