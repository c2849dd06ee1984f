import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plainMessage } from "./issue-wording.ts";

const messageOf = (schema: z.ZodType, value: unknown) =>
  plainMessage(schema.safeParse(value).error!.issues[0]!);

describe("plainMessage", () => {
  it("words zod's own messages as the contract's are worded", () => {
    expect(messageOf(z.number().min(0), -1)).toBe("must be at least 0");
    expect(messageOf(z.number().max(100), 101)).toBe("must be at most 100");
    expect(messageOf(z.number().positive(), 0)).toBe("must be greater than 0");
    expect(messageOf(z.string().min(1), "")).toBe("must not be empty");
    expect(messageOf(z.string().max(5), "toolong")).toBe("must be at most 5 characters long");
    expect(messageOf(z.array(z.string()).max(2), ["a", "b", "c"])).toBe("must have at most 2 items");
    expect(messageOf(z.enum(["asc", "desc"]), "up")).toBe('must be one of "asc", "desc"');
    expect(messageOf(z.literal(true), false)).toBe("must be true");
    expect(messageOf(z.iso.datetime(), "yesterday")).toMatch(/^must be an ISO 8601 date and time/);
    expect(messageOf(z.union([z.string(), z.number()]), true)).toBe("is not any of the accepted forms");
  });

  it("says a field not sent is required, whatever it would have to be (with the input reported)", () => {
    const missing = (schema: z.ZodType) =>
      plainMessage(z.object({ field: schema }).safeParse({}, { reportInput: true }).error!.issues[0]!);
    expect(missing(z.string())).toBe("is required");
    expect(missing(z.enum(["status", "tag"]))).toBe("is required");
    expect(missing(z.union([z.string(), z.number()]))).toBe("is required");
  });

  it("keeps a message the schema chose", () => {
    expect(messageOf(z.string().max(3, "must be at most 3 letters"), "abcd")).toBe(
      "must be at most 3 letters",
    );
  });
});
