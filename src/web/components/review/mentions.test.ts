import { describe, expect, it } from "vitest";
import { applyMention, matchMembers, mentionAt } from "./mentions.ts";

describe("mentions", () => {
  it("finds the @name being typed at the caret", () => {
    expect(mentionAt("Hi @Ed", 6)).toEqual({ start: 3, query: "Ed" });
    expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAt("mail a@b", 8)).toBeNull();
    expect(mentionAt("Hi @Ed there", 12)).toBeNull();
  });

  it("inserts the name and moves the caret after it", () => {
    expect(applyMention("Hi @Ed!", 3, 6, "Eddie Editor")).toEqual({ text: "Hi @Eddie Editor !", caret: 17 });
  });

  it("ranks members by name start, then word start, then email", () => {
    const members = [
      { name: "Vera Viewer", email: "vera@example.com" },
      { name: "Eddie Editor", email: "eddie@example.com" },
      { name: "Olivia Owner", email: "boss@example.com" },
    ];
    expect(matchMembers(members, "e").map((m) => m.name)).toEqual(["Eddie Editor"]);
    expect(matchMembers(members, "vi").map((m) => m.name)).toEqual(["Vera Viewer"]);
    expect(matchMembers(members, "boss").map((m) => m.name)).toEqual(["Olivia Owner"]);
    expect(matchMembers(members, "").length).toBe(3);
  });
});
