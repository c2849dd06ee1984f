import { expect, test } from "vitest";
import { blockNames } from "./block-names.ts";

test("a block's type names it; blocks of one type are numbered among themselves", () => {
  const types = ["heading", "paragraph", "image", "paragraph", "divider", "paragraph"] as const;
  expect(blockNames(types.map((type) => ({ type })))).toEqual([
    "Heading",
    "Paragraph 1",
    "Image",
    "Paragraph 2",
    "Divider",
    "Paragraph 3",
  ]);
});
