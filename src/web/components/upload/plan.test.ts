import { describe, expect, it } from "vitest";
import {
  addSample,
  aggregateProgress,
  backoffMs,
  bytesReceived,
  partsToSend,
  percentOf,
  planParts,
  rateOf,
  secondsLeft,
} from "./plan.ts";

const MiB = 1024 * 1024;

const multipart = (size: number, partSize: number) => ({
  method: "multipart" as const,
  size,
  part_size: partSize,
  upload_url: null,
  parts: Array.from({ length: Math.ceil(size / partSize) }, (_, i) => ({
    number: i + 1,
    url: `http://svc/v1/uploads/upl_1/parts/${i + 1}?sig`,
  })).reverse(),
});

describe("planParts", () => {
  it("sends a single upload whole to its upload_url", () => {
    const plan = planParts({ method: "single", size: 5, part_size: 5, upload_url: "http://u", parts: [] });
    expect(plan).toEqual([{ number: 1, start: 0, end: 5, url: "http://u" }]);
  });

  it("cuts a multipart upload into full parts and a shorter last one, in order", () => {
    const plan = planParts(multipart(20 * MiB, 8 * MiB));
    expect(plan.map((p) => [p.number, p.start, p.end])).toEqual([
      [1, 0, 8 * MiB],
      [2, 8 * MiB, 16 * MiB],
      [3, 16 * MiB, 20 * MiB],
    ]);
    expect(plan[2]?.url).toContain("/parts/3");
  });

  it("keeps an exact multiple without an empty last part", () => {
    expect(planParts(multipart(16 * MiB, 8 * MiB))).toHaveLength(2);
  });
});

describe("resuming from received_parts", () => {
  const plan = planParts(multipart(20 * MiB, 8 * MiB));

  it("sends only the parts the service lacks", () => {
    const received = [{ number: 2, size: 8 * MiB, etag: "b" }];
    expect(partsToSend(plan, received).map((p) => p.number)).toEqual([1, 3]);
    expect(bytesReceived(plan, received)).toBe(8 * MiB);
  });

  it("sends again a part recorded with the wrong size", () => {
    const received = [
      { number: 1, size: 8 * MiB, etag: "a" },
      { number: 3, size: 1, etag: "c" },
    ];
    expect(partsToSend(plan, received).map((p) => p.number)).toEqual([2, 3]);
    expect(bytesReceived(plan, received)).toBe(8 * MiB);
  });

  it("has nothing to send once everything arrived", () => {
    const received = plan.map((p) => ({ number: p.number, size: p.end - p.start, etag: "x" }));
    expect(partsToSend(plan, received)).toEqual([]);
    expect(bytesReceived(plan, received)).toBe(20 * MiB);
  });

  it("ignores received parts the plan does not have", () => {
    expect(bytesReceived(plan, [{ number: 9, size: 8 * MiB, etag: "z" }])).toBe(0);
  });
});

describe("progress", () => {
  it("aggregates bytes over several uploads", () => {
    const total = aggregateProgress([
      { loaded: 50, size: 100 },
      { loaded: 300, size: 300 },
      { loaded: 0, size: 600 },
    ]);
    expect(total).toEqual({ loaded: 350, total: 1000, fraction: 0.35 });
  });

  it("never counts more than a file's size, and an empty queue is complete", () => {
    expect(aggregateProgress([{ loaded: 120, size: 100 }]).fraction).toBe(1);
    expect(aggregateProgress([]).fraction).toBe(1);
  });

  it("rounds percentages down and reaches 100 only when all bytes are there", () => {
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
    expect(percentOf(1, 3)).toBe(33);
  });
});

describe("speed and time left", () => {
  it("measures bytes per second over a window of recent samples", () => {
    let samples = addSample([], { at: 0, loaded: 0 });
    expect(rateOf(samples)).toBeNull();
    samples = addSample(samples, { at: 1_000, loaded: 1_000 });
    samples = addSample(samples, { at: 2_000, loaded: 3_000 });
    expect(rateOf(samples)).toBe(1_500);
    samples = addSample(samples, { at: 7_500, loaded: 8_000 });
    expect(samples.map((s) => s.at)).toEqual([7_500]);
  });

  it("restarts the window when the bytes go back (a part sent again)", () => {
    const samples = addSample([{ at: 0, loaded: 5_000 }], { at: 1_000, loaded: 1_000 });
    expect(samples).toEqual([{ at: 1_000, loaded: 1_000 }]);
  });

  it("says how long is left at that speed", () => {
    expect(secondsLeft(10_000, 3_000)).toBe(4);
    expect(secondsLeft(10_000, null)).toBeNull();
    expect(secondsLeft(10_000, 0)).toBeNull();
  });

  it("backs off exponentially up to a cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
