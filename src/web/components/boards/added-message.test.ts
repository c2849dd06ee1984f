import { describe, expect, it } from "vitest";
import { addedMessage } from "./added-message.ts";

describe("addedMessage", () => {
  it("counts what was added and what was already on the board", () => {
    expect(addedMessage("Launch", 3, 0)).toBe("Added 3 files to “Launch”");
    expect(addedMessage("Launch", 1, 2)).toBe("Added 1 file to “Launch”; 2 files were already there");
    expect(addedMessage("Launch", 0, 1)).toBe("Nothing added to “Launch”; 1 file was already there");
  });
});
