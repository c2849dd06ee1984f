import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-delay.ts";

describe("retryDelayMs", () => {
  const options = { baseMs: 1_000, maxMs: 60_000 };

  it("doubles the delay after each failed attempt", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, options, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
  });

  it("adds up to a quarter of jitter, never less than the nominal delay", () => {
    expect(retryDelayMs(3, options, () => 0.999_999)).toBe(5_000);
    const delays = Array.from({ length: 100 }, () => retryDelayMs(3, options));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(5_000);
  });

  it("caps the delay", () => {
    expect(retryDelayMs(30, options, () => 0)).toBe(60_000);
  });
});
