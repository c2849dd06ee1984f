import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApiError } from "./errors.ts";
import { MAX_REPORTED_ISSUES, parseInput } from "./validation.ts";

const Body = z.strictObject({
  name: z.string(),
  count: z.number().int().optional(),
  tags: z.array(z.string()),
});

function issuesOf(value: unknown) {
  try {
    parseInput(Body, value, "body");
  } catch (error) {
    return ((error as ApiError).details as { errors: { param: string; message: string }[] }).errors;
  }
  throw new Error("expected a validation error");
}

describe("parseInput", () => {
  it("tells a wrong type from a missing value", () => {
    expect(issuesOf({ name: 123, tags: "a" })).toEqual([
      { param: "name", message: "must be a string" },
      { param: "tags", message: "must be an array" },
    ]);
    expect(issuesOf({ tags: [] })).toEqual([{ param: "name", message: "is required" }]);
    expect(issuesOf({ name: "a", tags: [], count: "3" })).toEqual([
      { param: "count", message: "must be a number" },
    ]);
  });

  it("refuses NUL characters in values and keys, wherever they are", () => {
    expect(issuesOf({ name: "a\u0000b", tags: [] })).toEqual([
      { param: "name", message: "must not contain NUL characters" },
    ]);
    expect(issuesOf({ name: "a", tags: ["ok", "x\u0000"] })).toEqual([
      { param: "tags.1", message: "must not contain NUL characters" },
    ]);
    expect(issuesOf({ name: "a", tags: [], "k\u0000": 1 })[0]!.message).toBe(
      "must not contain NUL characters",
    );
  });

  it("refuses unpaired surrogates, which PostgreSQL would store as U+FFFD", () => {
    expect(issuesOf({ name: "a\uD800", tags: [] })[0]!.param).toBe("name");
    expect(issuesOf({ name: "\uDE00a", tags: [] })[0]!.message).toContain("unpaired surrogates");
    expect(parseInput(Body, { name: "😀", tags: [] }, "body").name).toBe("😀");
  });

  it("answers a body of thousands of unknown fields with a bounded list", () => {
    const body: Record<string, unknown> = { name: "a", tags: [] };
    for (let i = 0; i < 50_000; i++) body[`k${i}`] = i;
    const issues = issuesOf(body);
    expect(issues).toHaveLength(MAX_REPORTED_ISSUES + 1);
    expect(issues.at(-1)).toEqual({
      param: "body",
      message: `and ${50_000 - MAX_REPORTED_ISSUES} more problems`,
    });
    expect(JSON.stringify(issues).length).toBeLessThan(5_000);
  });
});
