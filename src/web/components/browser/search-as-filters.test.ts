import { describe, expect, it } from "vitest";
import { type Interpretation, interpretationAsFilters } from "./search-as-filters.ts";

const nothing: Interpretation = {
  text: "",
  kinds: [],
  extensions: [],
  created_after: null,
  created_before: null,
  min_size: null,
  max_size: null,
  colors: [],
  uploaded_by: [],
};

describe("a natural-language search as filter chips", () => {
  it("keeps the plain words as the query and makes a chip of every part the service read", () => {
    expect(
      interpretationAsFilters({
        ...nothing,
        text: "summer",
        kinds: ["video"],
        extensions: ["mp4"],
        created_after: "2026-03-01T00:00:00.000Z",
        created_before: "2026-04-30T23:59:59.999Z",
        min_size: 1_000_001,
        max_size: 2_999_999,
        uploaded_by: ["usr_1"],
      }),
    ).toEqual({
      q: "summer",
      kind: ["video"],
      ext: ["mp4"],
      after: "2026-03-01",
      before: "2026-04-30",
      min_size: 1_000_001,
      max_size: 2_999_999,
      uploader: ["usr_1"],
    });
  });

  it("clears the query when nothing but filters was read, and leaves alone what was not read", () => {
    expect(interpretationAsFilters({ ...nothing, kinds: ["image"] })).toEqual({
      q: undefined,
      kind: ["image"],
    });
  });

  it("keeps colours in the query (no chip of their own) and drops kinds the dashboard does not know", () => {
    expect(
      interpretationAsFilters({ ...nothing, text: "logo", colors: ["red"], kinds: ["hologram"] }),
    ).toEqual({
      q: "logo red",
    });
  });
});
