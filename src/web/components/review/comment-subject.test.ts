import { describe, expect, test } from "vitest";
import type { Comment } from "../../../contract/comments.ts";
import { authorName, subjectOf } from "./comment-subject.ts";

const comment = (fields: Partial<Comment>) =>
  ({ author: { id: "u1", name: "Ada" }, anonymous_name: null, text: "Logo too small", ...fields }) as Comment;

describe("subjectOf", () => {
  test("names the author and the first words", () => {
    expect(subjectOf("comment", comment({}))).toBe("comment by Ada: “Logo too small”");
  });

  test("cuts long text at 40 characters and folds its line breaks", () => {
    const text = `First line\nthen ${"a".repeat(60)}`;
    expect(subjectOf("reply", comment({ text }))).toBe(`reply by Ada: “First line then ${"a".repeat(24)}…”`);
  });

  test("a visitor's item names the visitor", () => {
    expect(authorName(comment({ author: null, anonymous_name: "Kim" }))).toBe("Kim (visitor)");
    expect(authorName(comment({ author: null, anonymous_name: null }))).toBe("Visitor (visitor)");
  });
});
