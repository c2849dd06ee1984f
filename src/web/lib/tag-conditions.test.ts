import { describe, expect, it } from "vitest";
import { withTagConditions } from "./tag-conditions.ts";

const approved = { field: "tags", op: "contains", value: "approved" };
const print = { field: "tags", op: "contains", value: "print" };
const status = { property_id: "prp_1", op: "eq", value: "opt_1" };

describe("withTagConditions", () => {
  it("leaves the document as it is without tags", () => {
    expect(withTagConditions(undefined, undefined)).toBeUndefined();
    expect(withTagConditions(status, [])).toBe(status);
  });

  it("requires every tag", () => {
    expect(withTagConditions(undefined, ["approved"])).toEqual(approved);
    expect(withTagConditions(undefined, ["approved", "print"])).toEqual({ and: [approved, print] });
  });

  it("adds the tags to a document's and, so that it grows no deeper, and wraps any other document", () => {
    expect(withTagConditions({ and: [status] }, ["approved"])).toEqual({ and: [status, approved] });
    expect(withTagConditions(status, ["approved"])).toEqual({ and: [status, approved] });
    const either = { or: [status, { field: "kind", op: "eq", value: "image" }] };
    expect(withTagConditions(either, ["approved"])).toEqual({ and: [either, approved] });
  });
});
