import { describe, expect, it } from "vitest";
import type { Board } from "../../contract/boards.ts";
import type { Access } from "./access.ts";
import { boardDenial } from "./boards.ts";

const allowed: Access = { ready: true, denial: () => null, can: () => true };
const board = (my_access: Board["my_access"]) => ({ my_access }) as Board;

describe("boardDenial", () => {
  it("allows edit from edit access up and delete with manage only", () => {
    expect(boardDenial(allowed, board("edit"), "edit")).toBeNull();
    expect(boardDenial(allowed, board("manage"), "manage")).toBeNull();
    expect(boardDenial(allowed, board("comment"), "edit")).toBe(
      "You have comment access to this board; this needs edit access.",
    );
    expect(boardDenial(allowed, board("edit"), "manage")).toMatch(/needs manage access/);
  });

  it("names the key's missing scope first", () => {
    const noScope: Access = { ready: true, denial: () => "No boards:write.", can: () => false };
    expect(boardDenial(noScope, board("manage"), "edit")).toBe("No boards:write.");
  });
});
