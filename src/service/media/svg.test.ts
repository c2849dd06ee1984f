import { writeFile } from "node:fs/promises";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaError } from "./errors.ts";
import { processImage } from "./image.ts";
import { countingServer, solidImage, useTempDir } from "./media-test-kit.ts";

const tmp = useTempDir();

/** Every way an SVG can point at another resource, aimed at `base`. */
function referencingSvg(base: string, localFile: string): string {
  return `<?xml version="1.0"?>
<?xml-stylesheet type="text/css" href="${base}/sheet.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60">
  <style>@import url("${base}/import.css"); rect.bg { fill: url(${base}/fill.svg#p); }</style>
  <defs><filter id="f"><feImage href="${base}/filter.png"/></filter></defs>
  <rect width="120" height="60" fill="#ffffff"/>
  <image href="${base}/x.png" width="120" height="60"/>
  <image xlink:href="${base}/y.png" width="120" height="60"/>
  <image href="${localFile}" width="120" height="60"/>
  <image href="file://${localFile}" width="120" height="60"/>
  <image href="secret.png" width="120" height="60"/>
  <use href="${base}/sprite.svg#icon"/>
  <rect width="1" height="1" filter="url(#f)" style="fill: url('${base}/style.svg#g')"/>
</svg>`;
}

/** A PNG whose header claims `width`×`height` but whose data is a few bytes: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("SVG rasterisation", () => {
  let server: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    server = await countingServer();
  });
  afterAll(() => server.close());

  it("fetches no external or local resource", async () => {
    // A red picture next to the SVG and at an absolute path: if librsvg drew it, red would dominate.
    const secret = await solidImage(tmp.path("secret.png"), { width: 120, height: 60, color: "#ff0000" });
    const input = tmp.path("references.svg");
    await writeFile(input, referencingSvg(server.url, secret));

    const result = await processImage(input, tmp.path("references"));

    expect(server.hits()).toBe(0);
    expect(result.dominantColors).toEqual(["#ffffff"]);
    // The counter does count: a real request is seen.
    await fetch(`${server.url}/control`);
    expect(server.hits()).toBe(1);
  });

  it("reports the intrinsic size and renders the preview at full resolution", async () => {
    const input = tmp.path("small.svg");
    await writeFile(
      input,
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="red"/></svg>',
    );

    const result = await processImage(input, tmp.path("small"));

    expect([result.width, result.height]).toEqual([120, 60]);
    expect([result.preview.width, result.preview.height]).toEqual([2048, 1024]);
    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([400, 200]);
  });

  it("fails a huge SVG cleanly as too large", async () => {
    const input = tmp.path("huge.svg");
    await writeFile(
      input,
      '<svg xmlns="http://www.w3.org/2000/svg" width="50000" height="50000"><rect/></svg>',
    );

    await expect(processImage(input, tmp.path("huge"))).rejects.toMatchObject({ reason: "too_large" });
  });

  it("fails a PNG decompression bomb cleanly as too large", async () => {
    const input = tmp.path("bomb.png");
    await writeFile(input, pngBomb(60_000, 60_000));

    const failure = await processImage(input, tmp.path("bomb")).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MediaError);
    expect(failure).toMatchObject({ reason: "too_large" });
  });

  it("applies a lower pixel cap when asked", async () => {
    const input = await solidImage(tmp.path("capped.png"), { width: 1000, height: 1000, color: "#123456" });

    await expect(processImage(input, tmp.path("capped"), { maxPixels: 500_000 })).rejects.toMatchObject({
      reason: "too_large",
    });
  });
});
