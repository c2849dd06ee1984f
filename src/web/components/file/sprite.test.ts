import { describe, expect, it } from "vitest";
import { frameAt, spriteLayout } from "./sprite.ts";

describe("spriteLayout", () => {
  it("matches the service's sprite of a 3 s 16:9 clip: 15 frames, 5 columns, 160x90 tiles", () => {
    expect(spriteLayout(3_000, 800, 270)).toEqual({
      count: 15,
      columns: 5,
      rows: 3,
      frameWidth: 160,
      frameHeight: 90,
      intervalMs: 200,
    });
  });

  it("caps long videos at 25 frames spread over the whole duration", () => {
    const layout = spriteLayout(600_000, 800, 450);
    expect([layout.count, layout.columns, layout.rows, layout.intervalMs]).toEqual([25, 5, 5, 24_000]);
    expect([layout.frameWidth, layout.frameHeight]).toEqual([160, 90]);
  });

  it("uses fewer columns for very short clips, and one frame at least", () => {
    expect(spriteLayout(600, 270, 160)).toMatchObject({ count: 3, columns: 3, rows: 1, frameWidth: 90 });
    expect(spriteLayout(50, 160, 90)).toMatchObject({ count: 1, columns: 1, rows: 1 });
  });
});

describe("frameAt", () => {
  const layout = spriteLayout(3_000, 800, 270);

  it("finds the tile of a time, row by row", () => {
    expect(frameAt(layout, 0)).toEqual({ index: 0, x: 0, y: 0 });
    expect(frameAt(layout, 1_250)).toEqual({ index: 6, x: 160, y: 90 });
  });

  it("stays inside the sprite at and past the end", () => {
    expect(frameAt(layout, 3_000).index).toBe(14);
    expect(frameAt(layout, -5).index).toBe(0);
  });
});
