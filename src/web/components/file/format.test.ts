import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, formatSecondsLeft } from "./format.ts";

describe("format", () => {
  it("writes sizes in binary units", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(912)).toBe("912 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(20 * 1024 * 1024)).toBe("20.0 MB");
  });

  it("writes media times", () => {
    expect(formatDuration(7_400)).toBe("0:07");
    expect(formatDuration(754_000)).toBe("12:34");
    expect(formatDuration(3_723_000)).toBe("1:02:03");
  });

  it("writes time left", () => {
    expect(formatSecondsLeft(8)).toBe("8 s");
    expect(formatSecondsLeft(150)).toBe("3 min");
    expect(formatSecondsLeft(4_800)).toBe("1 h 20 min");
  });
});
