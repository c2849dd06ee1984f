import { describe, expect, it } from "vitest";
import type { Property } from "../../../contract/properties.ts";
import { shownValue } from "./set-property-dialog.tsx";

const property = (type: Property["type"]) => ({ id: "prop_1", type }) as Property;

describe("Set property dialog", () => {
  it("shows a draft value under its type's key, and nothing for none", () => {
    expect(shownValue(property("status"), { option_id: "opt_1" })).toMatchObject({
      property_id: "prop_1",
      type: "status",
      status: { option_id: "opt_1" },
      tag: null,
    });
    expect(shownValue(property("checkbox"), false)?.checkbox).toBe(false);
    expect(shownValue(property("multi_tag"), [{ option_id: "a" }])?.multi_tag).toEqual([{ option_id: "a" }]);
    expect(shownValue(property("text"), null)).toBeUndefined();
  });
});
