import { describe, expect, it } from "vitest";
import { newId, pooledRandom } from "./ids.ts";

describe("newId", () => {
  it("makes unique, well-formed ids that sort in creation order", () => {
    const ids = Array.from({ length: 20_000 }, () => newId("event"));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("draws its randomness evenly: every byte value about equally often, across refills of the pool", () => {
    const counts = new Array<number>(256).fill(0);
    let outOfRange = 0;
    for (let i = 0; i < 256 * 400; i++) {
      const value = pooledRandom();
      if (value < 0 || value >= 1) outOfRange++;
      else counts[value * 256]!++;
    }
    expect(outOfRange).toBe(0);
    for (const count of counts) expect(Math.abs(count - 400) / 400).toBeLessThan(0.3);
  });
});
