import { open, stat } from "node:fs/promises";
import sharp, { type Metadata, type SharpOptions } from "sharp";
import { asMediaError, MediaError } from "./errors.ts";
import { PREVIEW_MAX_SIDE } from "./still.ts";

/** Default cap on decoded pixels (width × height): far above any camera, far below a decompression bomb. */
export const DEFAULT_MAX_PIXELS = 200_000_000;
// SVG is parsed whole in memory; a larger one is not a logo.
const MAX_SVG_BYTES = 32 * 1024 * 1024;
const SVG_BASE_DENSITY = 72;

export interface ImageInput {
  /** A path, or the bytes of a markup (SVG) file. */
  source: string | Buffer;
  options: SharpOptions;
  format: string;
  /** After EXIF orientation; for SVG, its intrinsic size at 72 dpi. */
  width: number;
  height: number;
}

/** Opens an image for decoding: checks the format and the pixel cap, picks a density for SVG. */
export async function openImage(path: string, maxPixels = DEFAULT_MAX_PIXELS): Promise<ImageInput> {
  // Markup is handed to librsvg as bytes, never as a path: with no base file it resolves no relative
  // reference, and librsvg itself never fetches http(s) resources.
  const source = (await startsWithMarkup(path)) ? await readMarkup(path) : path;
  const baseOptions: SharpOptions = { limitInputPixels: maxPixels, failOn: "error", autoOrient: true };
  const metadata = await readMetadata(source, baseOptions);
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new MediaError("corrupt", "The image has no size.");
  if (width * height > maxPixels) throw tooLarge(width, height, maxPixels);
  if (metadata.format !== "svg")
    return { source, options: baseOptions, format: metadata.format, width, height };
  // A vector has no pixel size of its own: render it as large as the preview, within the pixel cap.
  const scale = Math.min(PREVIEW_MAX_SIDE / Math.max(width, height), Math.sqrt(maxPixels / (width * height)));
  const density = Math.max(1, SVG_BASE_DENSITY * scale);
  return { source, options: { ...baseOptions, density }, format: "svg", width, height };
}

/** The reason a sharp failure gives the file. */
export function imageError(error: unknown): MediaError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return asMediaError(error, "too_large", "The image is too large");
  if (/unsupported image format/i.test(message)) {
    return asMediaError(error, "unsupported_format", "Not an image format that can be decoded");
  }
  if (/timeout/i.test(message)) return asMediaError(error, "timeout", "Decoding the image took too long");
  return asMediaError(error, "corrupt", "The image cannot be decoded");
}

async function readMetadata(source: string | Buffer, options: SharpOptions): Promise<Metadata> {
  try {
    return await sharp(source, options).metadata();
  } catch (error) {
    throw imageError(error);
  }
}

async function startsWithMarkup(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const text = head
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    return text.trimStart().startsWith("<");
  } finally {
    await file.close();
  }
}

async function readMarkup(path: string): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > MAX_SVG_BYTES)
    throw new MediaError("too_large", `The SVG is larger than ${MAX_SVG_BYTES} bytes.`);
  const file = await open(path, "r");
  try {
    return await file.readFile();
  } finally {
    await file.close();
  }
}

function tooLarge(width: number, height: number, maxPixels: number): MediaError {
  return new MediaError("too_large", `The image is ${width}×${height}, above the ${maxPixels}-pixel limit.`);
}
