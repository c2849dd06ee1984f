import { join } from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import type { FramesSprite } from "./media-types.ts";
import { type RawStill, SHARP_TIMEOUT_SECONDS, writeRendition } from "./still.ts";
import { extractFrame, fitEven, type VideoSource } from "./video-frames.ts";

const FRAME_BOX = 160;
const MAX_FRAMES = 25;
const COLUMNS = 5;
// A frame every ~200 ms at most: shorter clips get fewer frames, longer ones spread MAX_FRAMES out.
const MIN_INTERVAL_MS = 200;
// Frames are extracted two at a time: enough to use both cores of a small worker without starving others.
const CONCURRENCY = 2;
// Frames are small and seen for an instant: size matters more than fidelity.
const SPRITE_QUALITY = 70;

/** A sprite sheet of evenly spaced frames, read left to right and top to bottom, for the scrub bar. */
export async function writeFramesSprite(input: VideoSource, outDir: string): Promise<FramesSprite> {
  const count = Math.min(MAX_FRAMES, Math.max(1, Math.floor(input.durationMs / MIN_INTERVAL_MS)));
  const intervalMs = input.durationMs / count;
  const frame = fitEven(input.width, input.height, FRAME_BOX, FRAME_BOX);
  const times = Array.from({ length: count }, (_, i) => (i + 0.5) * intervalMs);
  const frames = await mapLimited(times, CONCURRENCY, (atMs) =>
    extractFrame(input.path, { atMs, ...frame, signal: input.signal }),
  );
  const columns = Math.min(COLUMNS, count);
  const rows = Math.ceil(count / columns);
  const tiles = frames.flatMap((still, i) =>
    still ? [tile(still, i % columns, Math.floor(i / columns))] : [],
  );
  // Cells without a frame (past the end of a damaged file) stay black.
  const sheet = sharp({
    create: { width: columns * frame.width, height: rows * frame.height, channels: 3, background: "#000000" },
  })
    .composite(tiles)
    .webp({ quality: SPRITE_QUALITY })
    .timeout({ seconds: SHARP_TIMEOUT_SECONDS });
  const rendition = await writeRendition(sheet, join(outDir, "frames.webp"), "image/webp");
  return {
    ...rendition,
    columns,
    rows,
    frameWidth: frame.width,
    frameHeight: frame.height,
    intervalMs: Math.round(intervalMs),
    count,
  };
}

function tile(still: RawStill, column: number, row: number): OverlayOptions {
  const raw = { width: still.width, height: still.height, channels: 4 } as const;
  return { input: still.data, raw, left: column * still.width, top: row * still.height };
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // After a failure the others stop picking new items: the whole sprite fails anyway.
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
