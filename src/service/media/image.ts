import sharp from "sharp";
import { describeStill } from "./describe-still.ts";
import { asMediaError } from "./errors.ts";
import { DEFAULT_MAX_PIXELS, imageError, openImage } from "./image-input.ts";
import type { StillDescription, StillRenditions } from "./media-types.ts";
import { settleAll } from "./settle-all.ts";
import { decodeStill, type RawStill, writeStillRenditions } from "./still.ts";

/** The formats decoded here; other images (HEIC, PSD, RAW…) are recognised but get no renditions. */
export const DECODABLE_IMAGE_MIMES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/png",
  "image/apng",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/tiff",
  "image/svg+xml",
]);

export interface ImageResult extends StillRenditions, StillDescription {
  /** Pixels after EXIF orientation; for SVG, the intrinsic size. */
  width: number;
  height: number;
}

export interface ImageOptions {
  /** Inputs with more pixels (width × height) fail with `too_large`. */
  maxPixels?: number;
}

/**
 * Renditions and descriptors of an image. EXIF orientation is applied; animated images use their first
 * frame; SVG is rasterised without fetching anything. Throws only MediaError.
 */
export async function processImage(
  inputPath: string,
  outDir: string,
  options: ImageOptions = {},
): Promise<ImageResult> {
  const input = await openImage(inputPath, options.maxPixels ?? DEFAULT_MAX_PIXELS);
  let still: RawStill;
  try {
    // Without `animated`, sharp reads only the first frame of a GIF or WebP.
    still = await decodeStill(sharp(input.source, input.options));
  } catch (error) {
    throw imageError(error);
  }
  try {
    const [renditions, description] = await settleAll([
      writeStillRenditions(still, outDir),
      describeStill(still),
    ] as const);
    return { width: input.width, height: input.height, ...renditions, ...description };
  } catch (error) {
    throw asMediaError(error, "processing_error", "Writing the image renditions failed");
  }
}
