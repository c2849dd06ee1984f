import { describe, expect, it } from "vitest";
import { parseColumns } from "./file-columns.ts";

describe("parseColumns", () => {
  it("reads a saved list of property ids", () => {
    expect(parseColumns('["prp_1","prp_2"]')).toEqual(["prp_1", "prp_2"]);
  });

  it("reads nothing saved, broken text or another shape as no columns", () => {
    for (const raw of [null, "", "not json", '{"a":1}', "[1,2]", '"prp_1"'])
      expect(parseColumns(raw), String(raw)).toEqual([]);
  });
});
