import { describe, expect, it } from "vitest";
import type { PropertyType } from "../../contract/files.ts";
import type { Property } from "../../contract/properties.ts";
import { conditionLabel, dayToTimestamp, OPERATORS, operatorOf } from "./filter-labels.ts";

const property = (type: PropertyType, name: string): Property => ({
  object: "property",
  id: `prop_${type}`,
  scope: "brandspace",
  board_id: null,
  name,
  type,
  selection_mode: "single",
  hidden: false,
  options: [
    { object: "option", id: "opt_ok", label: "Approved", color: "#22c55e", hidden: false, position: 0 },
    { object: "option", id: "opt_draft", label: "Draft", color: "#a1a1aa", hidden: false, position: 1 },
  ],
  position: 0,
  value_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});
const names = (id: string) => (id === "usr_ana" ? "Ana" : undefined);
const status = property("status", "Status");

describe("filter labels", () => {
  it("reads option, member, date, text and checkbox conditions as words", () => {
    expect(conditionLabel({ property_id: status.id, op: "eq", value: "opt_ok" }, status, names)).toBe(
      "Status is Approved",
    );
    expect(
      conditionLabel({ property_id: status.id, op: "in", value: ["opt_ok", "opt_draft"] }, status, names),
    ).toBe("Status is any of Approved, Draft");
    expect(conditionLabel({ property_id: status.id, op: "neq", value: "opt_gone" }, status, names)).toBe(
      "Status is not an unknown option",
    );
    expect(conditionLabel({ property_id: status.id, op: "is_empty" }, status, names)).toBe("Status is empty");
    const owner = property("person", "Owner");
    expect(conditionLabel({ property_id: owner.id, op: "eq", value: "usr_ana" }, owner, names)).toBe(
      "Owner is Ana",
    );
    const due = property("date", "Due");
    expect(
      conditionLabel({ property_id: due.id, op: "gte", value: dayToTimestamp("2026-03-01") }, due, names),
    ).toBe("Due is on or after 2026-03-01");
    const reviewed = property("checkbox", "Reviewed");
    expect(conditionLabel({ property_id: reviewed.id, op: "eq", value: false }, reviewed, names)).toBe(
      "Reviewed is not checked",
    );
    const note = property("text", "Note");
    expect(conditionLabel({ property_id: note.id, op: "contains", value: "logo" }, note, names)).toBe(
      "Note contains “logo”",
    );
    expect(conditionLabel({ property_id: "prop_x", op: "eq", value: "a" }, undefined, names)).toBe(
      "Unknown property filter",
    );
  });

  it("offers operators fitting each type and finds the one a condition used", () => {
    expect(OPERATORS.status.map((o) => o.label)).toEqual([
      "is",
      "is not",
      "is any of",
      "is empty",
      "is not empty",
    ]);
    expect(OPERATORS.checkbox.map((o) => o.id)).toEqual(["eq:true", "eq:false"]);
    expect(operatorOf("checkbox", { property_id: "p", op: "eq", value: true })?.label).toBe("is checked");
    expect(operatorOf("text", { property_id: "p", op: "gt", value: "x" })).toBeUndefined();
  });
});
