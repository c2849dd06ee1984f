import { describe, expect, it } from "vitest";
import { displayName, ItemName, toItemName } from "./item-name.ts";

describe("ItemName", () => {
  it.each(["logo.png", "Q3 — launch (final).pdf", "日本語.txt", "a".repeat(255), ".env"])(
    "accepts %j",
    (name) => {
      expect(ItemName.safeParse(name).success).toBe(true);
    },
  );

  it.each([
    "",
    "   ",
    "../../x",
    "a/b",
    "a\\b",
    "a\r\nb",
    "tab\there",
    "line\u2028break.png",
    "\u202Egnp.exe",
    ".",
    "..",
    "a".repeat(256),
  ])("refuses %j", (name) => {
    expect(ItemName.safeParse(name).success).toBe(false);
  });
});

describe("toItemName", () => {
  it("turns foreign text into a valid name", () => {
    expect(toItemName("../../etc/passwd")).toBe(".._.._etc_passwd");
    expect(toItemName("report\r\n.pdf")).toBe("report__.pdf");
    expect(toItemName("  ")).toBe("download");
    expect(toItemName("..", "file")).toBe("file");
    expect([...toItemName("é".repeat(300))].length).toBe(255);
  });
});

describe("displayName", () => {
  const Name = displayName(20);

  it.each(["Launch 2026", "Q1/Q2 review", "a\\b", "Café ☕", "  trimmed  "])("accepts %j", (name) => {
    expect(Name.safeParse(name).success).toBe(true);
  });

  it.each([
    "",
    "   ",
    "line1\nline2",
    "bell\u0007",
    "tab\there",
    "next\u0085line",
    "c1\u009b",
    "line\u2028separator",
    "para\u2029separator",
    "\u202Eevil",
    "iso\u2066late",
    "a".repeat(21),
  ])("refuses %j", (name) => {
    expect(Name.safeParse(name).success).toBe(false);
  });
});
