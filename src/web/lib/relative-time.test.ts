import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const now = Date.parse("2026-05-01T12:00:00.000Z");
const at = (ms: number) => new Date(now + ms).toISOString();

describe("relativeTime", () => {
  it("uses the largest unit that fits, past and future", () => {
    expect(relativeTime(at(-30_000), now)).toMatch(/30 seconds ago/);
    expect(relativeTime(at(-5 * 60_000), now)).toMatch(/5 minutes ago/);
    expect(relativeTime(at(2 * 3_600_000), now)).toMatch(/in 2 hours/);
    expect(relativeTime(at(-3 * 86_400_000), now)).toMatch(/3 days ago/);
  });

  it("says now for the current second", () => {
    expect(relativeTime(at(0), now)).toBe("now");
  });
});
