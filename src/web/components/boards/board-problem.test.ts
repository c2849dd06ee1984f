import { describe, expect, it } from "vitest";
import { BOARD_LIMITS } from "../../../contract/boards.ts";
import { boardProblem } from "./board-problem.ts";

describe("boardProblem", () => {
  it("says which field breaks which rule", () => {
    expect(boardProblem({ name: "" })).toBe("The name must not be empty.");
    expect(boardProblem({ name: "x".repeat(BOARD_LIMITS.nameLength + 1) })).toBe(
      `The name must be at most ${BOARD_LIMITS.nameLength} characters.`,
    );
    expect(boardProblem({ name: "Launch", emoji: "ab" })).toBe("The emoji must be a single emoji.");
  });

  it("accepts a name within the limits", () => {
    expect(boardProblem({ name: "x".repeat(BOARD_LIMITS.nameLength) })).toBeNull();
  });
});
