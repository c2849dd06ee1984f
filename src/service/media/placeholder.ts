import { encode } from "blurhash";
import { type RawStill, stillPipeline } from "./still.ts";

// Blurhash encoding is O(pixels × components): a 32 px sample is plenty for a blur.
const SAMPLE_SIDE = 32;

/**
 * A blurhash (about 30 characters) for the dashboard to paint while the thumbnail loads. Chosen over a tiny
 * WebP data URI: it fits a database column and a list response without bloating either.
 */
export async function blurhashPlaceholder(still: RawStill): Promise<string> {
  const { data, info } = await stillPipeline(still)
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: "inside" })
    // Blurhash ignores alpha: show transparent areas as the white they sit on in the dashboard.
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const landscape = info.width >= info.height;
  return encode(new Uint8ClampedArray(data), info.width, info.height, landscape ? 4 : 3, landscape ? 3 : 4);
}
