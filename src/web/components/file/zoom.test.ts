import { describe, expect, it } from "vitest";
import { clampView, fitScale, MAX_SCALE, zoomAround } from "./zoom.ts";

const image = { width: 4000, height: 2000 };
const box = { width: 1000, height: 1000 };

describe("fitScale", () => {
  it("shrinks a large image into the box", () => {
    expect(fitScale(image, box)).toBe(0.25);
  });

  it("never enlarges a small image", () => {
    expect(fitScale({ width: 200, height: 100 }, box)).toBe(1);
  });
});

describe("zoomAround", () => {
  const fit = fitScale(image, box);

  it("zooms around the centre without moving it", () => {
    expect(zoomAround({ scale: 0.25, x: 0, y: 0 }, 2, { x: 0, y: 0 }, image, box, fit)).toEqual({
      scale: 0.5,
      x: 0,
      y: 0,
    });
  });

  it("keeps the pixel under the pointer in place", () => {
    const view = zoomAround({ scale: 0.5, x: 0, y: 0 }, 2, { x: 200, y: 0 }, image, box, fit);
    expect(view).toEqual({ scale: 1, x: -200, y: 0 });
  });

  it("stays between half the fit and the maximum", () => {
    expect(zoomAround({ scale: 0.25, x: 0, y: 0 }, 0.01, { x: 0, y: 0 }, image, box, fit).scale).toBe(0.125);
    expect(zoomAround({ scale: 4, x: 0, y: 0 }, 100, { x: 0, y: 0 }, image, box, fit).scale).toBe(MAX_SCALE);
  });
});

describe("clampView", () => {
  it("allows no panning while the image fits", () => {
    expect(clampView({ scale: 0.25, x: 300, y: -40 }, image, box, 0.25)).toEqual({ scale: 0.25, x: 0, y: 0 });
  });

  it("pans at most to the image's edges", () => {
    expect(clampView({ scale: 1, x: 5000, y: -5000 }, image, box, 0.25)).toEqual({
      scale: 1,
      x: 1500,
      y: -500,
    });
  });
});
