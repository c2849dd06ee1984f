import { stat } from "node:fs/promises";
import { join } from "node:path";
import { asMediaError } from "./errors.ts";
import { inputFile, runFfmpeg } from "./ffmpeg-tools.ts";
import type { Rendition } from "./media-types.ts";
import { fitEven, type VideoSource } from "./video-frames.ts";

// "360p": the short side, so a portrait clip is 360 wide rather than a sliver 360 tall.
const SCRUB_SHORT_SIDE = 360;
// Scrubbing seeks constantly: a keyframe every half second keeps each seek cheap.
const KEYFRAME_SECONDS = 0.5;
const BASE_TIMEOUT_MS = 120_000;

/** A silent low-bitrate H.264 MP4 (~360p, faststart) that the dashboard's player can scrub through. */
export async function writeScrubProxy(input: VideoSource, outDir: string): Promise<Rendition> {
  const portrait = input.height > input.width;
  const size = portrait
    ? fitEven(input.width, input.height, SCRUB_SHORT_SIDE, Number.POSITIVE_INFINITY)
    : fitEven(input.width, input.height, Number.POSITIVE_INFINITY, SCRUB_SHORT_SIDE);
  const path = join(outDir, "scrub.mp4");
  const args = [
    ...inputFile(input.path),
    "-map",
    "0:v:0",
    "-an",
    "-sn",
    "-dn",
    "-vf",
    `scale=${size.width}:${size.height},setsar=1`,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "30",
    "-maxrate",
    "600k",
    "-bufsize",
    "1200k",
    "-pix_fmt",
    "yuv420p",
    "-force_key_frames",
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    "-movflags",
    "+faststart",
    "-y",
    path,
  ];
  try {
    // Encoding time grows with the length of the video.
    await runFfmpeg(args, { timeoutMs: BASE_TIMEOUT_MS + 2 * input.durationMs, signal: input.signal });
  } catch (error) {
    throw asMediaError(error, "corrupt", "The video cannot be transcoded");
  }
  const { size: bytes } = await stat(path);
  return { path, mime: "video/mp4", width: size.width, height: size.height, size: bytes };
}
