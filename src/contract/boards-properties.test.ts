import { describe, expect, it } from "vitest";
import { CreateBoardBody, UpdateBoardBody } from "./boards.ts";
import { CreatePropertyBody, UpdatePropertyBody } from "./properties.ts";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("property bodies", () => {
  it("refuses a type change with a message that says why", () => {
    const result = UpdatePropertyBody.safeParse({ type: "text" });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain("the type of a property never changes");
  });

  it("lets only tag properties choose their selection mode", () => {
    expect(
      CreatePropertyBody.safeParse({ name: "Keywords", type: "tag", selection_mode: "single" }).success,
    ).toBe(true);
    const status = CreatePropertyBody.safeParse({
      name: "Status",
      type: "status",
      selection_mode: "multiple",
    });
    expect(messages(status)).toEqual(["must be single for a status property"]);
  });

  it("gives options only to status and tag types", () => {
    const text = CreatePropertyBody.safeParse({ name: "Notes", type: "text", options: [{ label: "a" }] });
    expect(messages(text)).toEqual(["only status, multi_tag, tag properties have options"]);
  });

  it("trims names and refuses empty ones", () => {
    expect(CreatePropertyBody.parse({ name: "  Campaign ", type: "text" }).name).toBe("Campaign");
    expect(CreatePropertyBody.safeParse({ name: "   ", type: "text" }).success).toBe(false);
  });
});

describe("board bodies", () => {
  it("takes one emoji, flags and joined sequences included", () => {
    for (const emoji of ["🎨", "🇫🇷", "👩‍🎨", "❤️"]) {
      expect(CreateBoardBody.safeParse({ name: "Spring", emoji }).success, emoji).toBe(true);
    }
    for (const emoji of ["ab", "🎨🎨", "", "x"]) {
      expect(CreateBoardBody.safeParse({ name: "Spring", emoji }).success, emoji).toBe(false);
    }
  });

  it("takes https logo URLs only", () => {
    expect(CreateBoardBody.safeParse({ name: "B", logo_url: "https://cdn.example.com/l.png" }).success).toBe(
      true,
    );
    expect(CreateBoardBody.safeParse({ name: "B", logo_url: "http://cdn.example.com/l.png" }).success).toBe(
      false,
    );
  });

  it("needs at least one field to update", () => {
    expect(UpdateBoardBody.safeParse({}).success).toBe(false);
    expect(UpdateBoardBody.safeParse({ pinned: true }).success).toBe(true);
  });
});
