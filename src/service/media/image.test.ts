import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processImage } from "./image.ts";
import { animatedImage, pixelAt, solidImage, useTempDir } from "./media-test-kit.ts";

const tmp = useTempDir();

function rgbOf(hex: string | undefined): number[] {
  return [1, 3, 5].map((at) => Number.parseInt(hex?.slice(at, at + 2) ?? "", 16));
}

function expectRed(color: string | undefined) {
  const [r, g, b] = rgbOf(color);
  expect(r).toBeGreaterThan(200);
  expect(g).toBeLessThan(40);
  expect(b).toBeLessThan(40);
}

describe("processImage", () => {
  it("applies EXIF orientation to the size and the pixels", async () => {
    // Stored 300×200, left half red and right half blue; orientation 6 turns it a quarter clockwise.
    const input = tmp.path("oriented.jpg");
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "blue" } })
      .composite([
        { input: { create: { width: 150, height: 200, channels: 3, background: "red" } }, left: 0, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(input);

    const result = await processImage(input, tmp.path("oriented"));

    expect([result.width, result.height]).toEqual([200, 300]);
    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([200, 300]);
    const [top, bottom] = [
      await pixelAt(result.preview.path, 100, 20),
      await pixelAt(result.preview.path, 100, 280),
    ];
    expect(top[0]).toBeGreaterThan(200);
    expect(bottom[2]).toBeGreaterThan(200);
  });

  it("writes a ≤400 px WebP thumbnail, a JPEG fallback and a ≤2048 px WebP preview", async () => {
    const input = await solidImage(tmp.path("wide.png"), { width: 3000, height: 1500, color: "#ff0000" });

    const result = await processImage(input, tmp.path("wide"));

    expect([result.width, result.height]).toEqual([3000, 1500]);
    expect(result.thumbnail).toMatchObject({ mime: "image/webp", width: 400, height: 200 });
    expect(result.thumbnailJpeg).toMatchObject({ mime: "image/jpeg", width: 400, height: 200 });
    expect(result.preview).toMatchObject({ mime: "image/webp", width: 2048, height: 1024 });
    for (const rendition of [result.thumbnail, result.thumbnailJpeg, result.preview]) {
      const metadata = await sharp(rendition.path).metadata();
      expect(`image/${metadata.format}`).toBe(rendition.mime);
      expect([metadata.width, metadata.height]).toEqual([rendition.width, rendition.height]);
      expect(rendition.size).toBeGreaterThan(0);
    }
  });

  it("describes a solid red image as red, with a blurhash and features", async () => {
    const input = await solidImage(tmp.path("red.jpg"), {
      width: 64,
      height: 48,
      color: "#ff0000",
      format: "jpeg",
    });

    const result = await processImage(input, tmp.path("red"));

    expect(result.dominantColors).toHaveLength(1);
    expectRed(result.dominantColors[0]);
    expect(result.placeholder).toMatch(/^[0-9A-Za-z#$%*+,-.:;=?@[\]^_{|}~]{20,40}$/);
    expect(result.features).toHaveLength(137);
  });

  it("lists up to five colours, most prominent first", async () => {
    const input = tmp.path("stripes.png");
    const stripes = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#000000", "#ffffff"].map(
      (background, i) => ({
        input: { create: { width: 100, height: 10 + i * 10, channels: 3 as const, background } },
        left: 0,
        top: [0, 10, 30, 60, 100, 150][i] ?? 0,
      }),
    );
    await sharp({ create: { width: 100, height: 210, channels: 3, background: "#ffffff" } })
      .composite(stripes)
      .png()
      .toFile(input);

    const result = await processImage(input, tmp.path("stripes"));

    const expected = ["#ffffff", "#000000", "#ffff00", "#0000ff", "#00ff00"];
    expect(result.dominantColors).toHaveLength(expected.length);
    // Resampling blends stripe edges into each colour's mean: close, not exact.
    result.dominantColors.forEach((color, i) => {
      const [actual, wanted] = [rgbOf(color), rgbOf(expected[i])];
      expect(Math.hypot(...actual.map((v, c) => v - (wanted[c] ?? 0)))).toBeLessThan(16);
    });
  });

  it("never enlarges a small image", async () => {
    const input = await solidImage(tmp.path("small.png"), { width: 100, height: 50, color: "#00ff00" });

    const result = await processImage(input, tmp.path("small"));

    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([100, 50]);
    expect([result.preview.width, result.preview.height]).toEqual([100, 50]);
  });

  it.each(["gif", "webp"] as const)("uses the first frame of an animated %s", async (format) => {
    const input = await animatedImage(tmp.path(`animated.${format}`), format, [
      [255, 0, 0],
      [0, 0, 255],
      [0, 255, 0],
    ]);

    const result = await processImage(input, tmp.path(`animated-${format}`));

    expect([result.width, result.height]).toEqual([40, 30]);
    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([40, 30]);
    expectRed(result.dominantColors[0]);
  });

  it("puts transparent areas on white in the JPEG thumbnail", async () => {
    const input = tmp.path("transparent.png");
    await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toFile(input);

    const result = await processImage(input, tmp.path("transparent"));

    expect(await pixelAt(result.thumbnailJpeg.path, 25, 25)).toEqual([255, 255, 255]);
    expect(result.dominantColors).toEqual([]);
  });
});
