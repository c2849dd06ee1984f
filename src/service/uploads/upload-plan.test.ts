import { describe, expect, it } from "vitest";
import { expectedPartSize, planUpload } from "./upload-plan.ts";

const MiB = 1024 * 1024;

describe("upload plan", () => {
  it("uses a single PUT up to 100 MiB", () => {
    expect(planUpload(0)).toEqual({ method: "single", partSize: 0, partCount: 1 });
    expect(planUpload(100 * MiB)).toMatchObject({ method: "single", partCount: 1 });
  });

  it("uses 8 MiB parts beyond, growing only to stay within 10,000 parts", () => {
    expect(planUpload(100 * MiB + 1)).toEqual({ method: "multipart", partSize: 8 * MiB, partCount: 13 });
    const huge = planUpload(50 * 1024 * MiB);
    expect(huge.partSize).toBe(8 * MiB);
    expect(huge.partCount).toBeLessThanOrEqual(10_000);
    const big = planUpload(100_000 * MiB);
    expect(big.partSize).toBe(10 * MiB);
    expect(big.partCount).toBeLessThanOrEqual(10_000);
  });

  it("expects full parts then the remainder", () => {
    const size = 20 * MiB + 5;
    expect(expectedPartSize(size, 8 * MiB, 1)).toBe(8 * MiB);
    expect(expectedPartSize(size, 8 * MiB, 3)).toBe(4 * MiB + 5);
  });
});
