import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatDuration,
  formatSecondsLeft,
  formatUtcDate,
  plural,
  relativeTime,
} from "./format.ts";

describe("formatBytes", () => {
  it("writes sizes in decimal units, as the search box and the size filter read them", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(912)).toBe("912 bytes");
    expect(formatBytes(1536)).toBe("1.5 kB");
    expect(formatBytes(20_000_000)).toBe("20 MB");
    expect(formatBytes(340_400_000)).toBe("340 MB");
    expect(formatBytes(2_500_000_000)).toBe("2.5 GB");
  });

  it("moves up a unit rather than showing 1000", () => {
    expect(formatBytes(999_999)).toBe("1 MB");
    expect(formatBytes(999_499)).toBe("999 kB");
    expect(formatBytes(999_500)).toBe("1 MB");
  });
});

describe("counts", () => {
  it("pairs a count with its noun", () => {
    expect(plural(1, "file")).toBe("1 file");
    expect(plural(0, "file")).toBe("0 files");
    expect(plural(3, "child", "children")).toBe("3 children");
  });
});

describe("times", () => {
  it("writes the service's days in UTC: a bare day, a timestamp, and text that is neither left as it is", () => {
    expect(formatUtcDate("2027-03-15")).toMatch(/15/);
    expect(formatUtcDate("2027-03-15")).not.toMatch(/14/);
    expect(formatUtcDate("2027-03-15T00:00:00.000Z")).toBe(formatUtcDate("2027-03-15"));
    expect(formatUtcDate("soon")).toBe("soon");
  });

  it("writes media times, never ahead of the playhead", () => {
    expect(formatDuration(7_900)).toBe("0:07");
    expect(formatDuration(754_000)).toBe("12:34");
    expect(formatDuration(3_723_000)).toBe("1:02:03");
    expect(formatDuration(-5)).toBe("0:00");
  });

  it("writes time left", () => {
    expect(formatSecondsLeft(8)).toBe("8 s");
    expect(formatSecondsLeft(150)).toBe("3 min");
    expect(formatSecondsLeft(4_800)).toBe("1 h 20 min");
  });

  const now = Date.parse("2026-05-01T12:00:00.000Z");
  const at = (ms: number) => new Date(now + ms).toISOString();

  it("uses the largest unit that fits, past and future", () => {
    expect(relativeTime(at(-30_000), now)).toMatch(/30 seconds ago/);
    expect(relativeTime(at(-5 * 60_000), now)).toMatch(/5 minutes ago/);
    expect(relativeTime(at(2 * 3_600_000), now)).toMatch(/in 2 hours/);
    expect(relativeTime(at(-3 * 86_400_000), now)).toMatch(/3 days ago/);
  });

  it("counts days on the calendar: 35 hours from 1 pm is the day after tomorrow", () => {
    const sundayAfternoon = new Date(2026, 10, 29, 13, 0, 0).getTime();
    const inHours = (h: number) => new Date(sundayAfternoon + h * 3_600_000).toISOString();
    expect(relativeTime(inHours(35), sundayAfternoon)).toMatch(/in 2 days/);
    expect(relativeTime(inHours(30), sundayAfternoon)).toMatch(/tomorrow/);
    expect(relativeTime(inHours(-38), sundayAfternoon)).toMatch(/2 days ago/);
  });

  it("says now for the current second", () => {
    expect(relativeTime(at(0), now)).toBe("now");
  });
});
