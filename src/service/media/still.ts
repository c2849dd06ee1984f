import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import type { Rendition, StillRenditions } from "./media-types.ts";
import { settleAll } from "./settle-all.ts";

/** Decoded sRGB pixels, 8 bits per channel, RGBA; at most PREVIEW_MAX_SIDE on the long side. */
export interface RawStill {
  data: Buffer;
  width: number;
  height: number;
}

export const THUMBNAIL_MAX_SIDE = 400;
export const PREVIEW_MAX_SIDE = 2048;
// A stuck decode or encode fails the file instead of holding a worker thread forever.
export const SHARP_TIMEOUT_SECONDS = 60;

const WEBP_QUALITY = 80;
const JPEG_QUALITY = 82;

/** Decodes once at preview size; every rendition and descriptor is derived from these pixels. */
export async function decodeStill(pipeline: Sharp): Promise<RawStill> {
  const { data, info } = await pipeline
    .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .ensureAlpha()
    .raw({ depth: "uchar" })
    .timeout({ seconds: SHARP_TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function stillPipeline(still: RawStill): Sharp {
  return sharp(still.data, { raw: { width: still.width, height: still.height, channels: 4 } }).timeout({
    seconds: SHARP_TIMEOUT_SECONDS,
  });
}

/** WebP thumbnail (≤400 px) and preview (≤2048 px), plus a JPEG thumbnail for clients without WebP. */
export async function writeStillRenditions(still: RawStill, outDir: string): Promise<StillRenditions> {
  await mkdir(outDir, { recursive: true });
  const thumbnailSize = { fit: "inside", withoutEnlargement: true } as const;
  const [thumbnail, thumbnailJpeg, preview] = await settleAll([
    writeRendition(
      stillPipeline(still)
        .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, thumbnailSize)
        .webp({ quality: WEBP_QUALITY }),
      join(outDir, "thumbnail.webp"),
      "image/webp",
    ),
    writeRendition(
      stillPipeline(still)
        .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, thumbnailSize)
        // JPEG has no alpha: transparent areas become white, as on a page.
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: JPEG_QUALITY, progressive: true }),
      join(outDir, "thumbnail.jpg"),
      "image/jpeg",
    ),
    writeRendition(
      stillPipeline(still).webp({ quality: WEBP_QUALITY }),
      join(outDir, "preview.webp"),
      "image/webp",
    ),
  ] as const);
  return { thumbnail, thumbnailJpeg, preview };
}

export async function writeRendition(pipeline: Sharp, path: string, mime: string): Promise<Rendition> {
  const info = await pipeline.toFile(path);
  return { path, mime, width: info.width, height: info.height, size: info.size };
}
