import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { similarity } from "./features.ts";
import { processImage } from "./image.ts";
import { patternImage, useTempDir } from "./media-test-kit.ts";

const tmp = useTempDir();

describe("visual features", () => {
  it("score a resized, recompressed copy above an unrelated image", async () => {
    const original = tmp.path("original.png");
    const copy = tmp.path("copy.jpg");
    const unrelated = tmp.path("unrelated.png");
    await patternImage(800, 600, "a").png().toFile(original);
    await sharp(original).resize(240).jpeg({ quality: 45 }).toFile(copy);
    await patternImage(800, 600, "b").png().toFile(unrelated);

    const [a, b, c] = await Promise.all(
      [original, copy, unrelated].map((path, i) => processImage(path, tmp.path(`out-${i}`))),
    );

    const copyScore = similarity(a?.features ?? [], b?.features ?? []);
    const unrelatedScore = similarity(a?.features ?? [], c?.features ?? []);
    expect(similarity(a?.features ?? [], a?.features ?? [])).toBe(1);
    expect(copyScore).toBeGreaterThan(0.9);
    expect(unrelatedScore).toBeLessThan(0.7);
    expect(copyScore).toBeGreaterThan(unrelatedScore);
  });

  it("are deterministic", async () => {
    const input = tmp.path("same.png");
    await patternImage(300, 200, "a").png().toFile(input);

    const [first, second] = await Promise.all([
      processImage(input, tmp.path("s1")),
      processImage(input, tmp.path("s2")),
    ]);

    expect(first.features).toEqual(second.features);
  });

  it("do not compare what is not a descriptor (unknown version, wrong length)", () => {
    const features = [2, ...new Array(80).fill(0)];
    expect(similarity(features, [3, ...features.slice(1)])).toBe(0);
    expect(similarity(features, features.slice(0, 10))).toBe(0);
    expect(similarity(features, [1, ...features.slice(1)])).toBe(0);
  });

  it("score a mirror image as a copy, and compare version 1 descriptors with version 2", async () => {
    const original = tmp.path("m-original.png");
    const mirror = tmp.path("m-mirror.png");
    const unrelated = tmp.path("m-unrelated.png");
    await patternImage(800, 600, "a").png().toFile(original);
    await sharp(original).flop().toFile(mirror);
    await patternImage(800, 600, "b").png().toFile(unrelated);
    const [a, m, u] = await Promise.all(
      [original, mirror, unrelated].map((path, i) => processImage(path, tmp.path(`m-out-${i}`))),
    );
    expect(similarity(a?.features ?? [], m?.features ?? [])).toBeGreaterThan(0.95);
    expect(similarity(m?.features ?? [], a?.features ?? [])).toBeGreaterThan(0.95);
    expect(similarity(a?.features ?? [], u?.features ?? [])).toBeLessThan(0.7);
    // A version 1 descriptor (no mirror hash) of the same picture still compares as the same picture.
    const features = a?.features ?? [];
    const legacy = [1, ...features.slice(1, 9), ...features.slice(17)];
    expect(similarity(legacy, features)).toBe(1);
  });
});
