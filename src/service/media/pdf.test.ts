import { writeFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTempDir, writePdf } from "./media-test-kit.ts";
import { processPdf } from "./pdf.ts";

const tmp = useTempDir();

describe("processPdf", () => {
  it("counts pages and renders the first one", async () => {
    const input = await writePdf(tmp.path("three.pdf"), { pages: 3, color: [1, 0, 0] });

    const result = await processPdf(input, tmp.path("three"));

    expect(result.pageCount).toBe(3);
    expect([result.pageWidth, result.pageHeight]).toEqual([595, 842]);
    expect(result.renderError).toBeNull();
    expect(result.renditions?.thumbnail).toMatchObject({ mime: "image/webp", width: 283, height: 400 });
    expect(result.renditions?.thumbnailJpeg).toMatchObject({ mime: "image/jpeg", height: 400 });
    expect(result.renditions?.preview).toMatchObject({ mime: "image/webp", height: 2048 });
    expect((await sharp(result.renditions?.thumbnail.path ?? "").metadata()).format).toBe("webp");
    expect(result.description?.dominantColors[0]).toBe("#ff0000");
  });

  it("fails a corrupt PDF as corrupt", async () => {
    const input = tmp.path("corrupt.pdf");
    await writeFile(input, "%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage\n%%EOF");

    await expect(processPdf(input, tmp.path("corrupt"))).rejects.toMatchObject({ reason: "corrupt" });
  });
});
