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
    const features = [3, ...new Array(136).fill(0)];
    expect(similarity(features, [4, ...features.slice(1)])).toBe(0);
    expect(similarity(features, features.slice(0, 10))).toBe(0);
    expect(similarity(features, [2, ...features.slice(1)])).toBe(0);
    expect(similarity(features, [1, ...features.slice(1)])).toBe(0);
  });

  it("tell a picture from the same picture moved by half a band, where only horizontal edges differ", async () => {
    const bands = await patternImage(720, 560, "b").png().toBuffer();
    const at = (top: number) =>
      sharp(bands).extract({ left: 0, top, width: 720, height: 480 }).png().toBuffer();
    const [original, moved] = await Promise.all([at(0), at(56)]);
    const copy = await sharp(original).resize(360).jpeg({ quality: 60 }).toBuffer();
    const [a, c, m] = (await Promise.all(
      [original, copy, moved].map(async (bytes, i) => {
        const path = tmp.path(`bands-${i}`);
        await sharp(bytes).toFile(`${path}.png`);
        return (await processImage(`${path}.png`, tmp.path(`bands-out-${i}`))).features ?? [];
      }),
    )) as [number[], number[], number[]];
    // Version 2 descriptors (horizontal hash only) scored these 0.81 and 0.79.
    expect(similarity(a, m)).toBeLessThan(similarity(a, c) - 0.2);
  });

  it("score a mirror image as a copy, and compare version 1 and 2 descriptors with version 3", async () => {
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
    // Descriptors written before (version 1: no mirror hash; version 2: no fine hashes) of the same picture still
    // compare as the same picture, and a mirror image as a copy.
    const features = a?.features ?? [];
    const version2 = [2, ...features.slice(1, 81)];
    const version1 = [1, ...features.slice(1, 9), ...features.slice(17, 81)];
    expect(similarity(version1, features)).toBe(1);
    expect(similarity(version2, features)).toBe(1);
    expect(similarity(version2, m?.features ?? [])).toBeGreaterThan(0.95);
    expect(similarity(version2, u?.features ?? [])).toBeLessThan(0.7);
  });
});
