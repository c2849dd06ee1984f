import { describe, expect, it } from "vitest";
import {
  extendStroke,
  isMeaningful,
  MAX_POINTS,
  normalizedPoint,
  rectangleBox,
} from "./annotation-geometry.ts";

describe("annotation geometry", () => {
  it("normalizes a pointer to the picture's box, whatever its zoom or pan, clamped to 0–1", () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    expect(normalizedPoint({ x: 300, y: 150 }, box)).toEqual({ x: 0.5, y: 0.5 });
    expect(normalizedPoint({ x: 0, y: 500 }, box)).toEqual({ x: 0, y: 1 });
    const zoomed = { left: -700, top: -350, width: 1600, height: 800 };
    expect(normalizedPoint({ x: 100, y: 50 }, zoomed)).toEqual({ x: 0.5, y: 0.5 });
  });

  it("thins strokes and caps them", () => {
    let stroke = extendStroke([], { x: 0.1, y: 0.1 });
    stroke = extendStroke(stroke, { x: 0.1001, y: 0.1 });
    expect(stroke).toHaveLength(1);
    stroke = extendStroke(stroke, { x: 0.2, y: 0.1 });
    expect(stroke).toHaveLength(2);
    const full = Array.from({ length: MAX_POINTS }, (_, i) => ({ x: i / MAX_POINTS, y: 0 }));
    expect(extendStroke(full, { x: 1, y: 1 })).toBe(full);
  });

  it("orders a rectangle's corners and drops shapes with no size", () => {
    expect(
      rectangleBox([
        { x: 0.8, y: 0.6 },
        { x: 0.2, y: 0.1 },
      ]),
    ).toEqual({ x: 0.2, y: 0.1, width: 0.6000000000000001, height: 0.5 });
    expect(
      isMeaningful({
        type: "rectangle",
        coordinates: [
          { x: 0.2, y: 0.2 },
          { x: 0.2, y: 0.9 },
        ],
      }),
    ).toBe(false);
    expect(isMeaningful({ type: "draw", coordinates: [{ x: 0.2, y: 0.2 }] })).toBe(false);
  });
});
