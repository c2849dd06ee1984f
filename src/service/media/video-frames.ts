import { asMediaError } from "./errors.ts";
import { inputFile, runFfmpeg } from "./ffmpeg-tools.ts";
import type { RawStill } from "./still.ts";

/** A probed video: display size (rotation applied) and duration. */
export interface VideoSource {
  path: string;
  durationMs: number;
  width: number;
  height: number;
  signal?: AbortSignal;
}

export interface FrameRequest {
  atMs: number;
  /** Output size; ffmpeg has already applied rotation, so these are display dimensions. */
  width: number;
  height: number;
  signal?: AbortSignal;
}

const FRAME_TIMEOUT_MS = 30_000;

/** One RGBA frame at a time, scaled to the requested size; null when there is no frame there (past the end). */
export async function extractFrame(path: string, request: FrameRequest): Promise<RawStill | null> {
  const { width, height } = request;
  const args = [
    // Seeking before `-i` jumps to the nearest keyframe and decodes from there: fast on long files.
    "-ss",
    (request.atMs / 1000).toFixed(3),
    ...inputFile(path),
    "-map",
    "0:v:0",
    "-frames:v",
    "1",
    "-vf",
    `scale=${width}:${height},setsar=1`,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgba",
    "pipe:1",
  ];
  const frameBytes = width * height * 4;
  try {
    const { stdout } = await runFfmpeg(args, {
      timeoutMs: FRAME_TIMEOUT_MS,
      signal: request.signal,
      maxStdoutBytes: frameBytes,
    });
    return stdout.length === frameBytes ? { data: stdout, width, height } : null;
  } catch (error) {
    throw asMediaError(error, "corrupt", "A video frame cannot be decoded");
  }
}

/** Fits a size into a box, keeping the aspect ratio, never enlarging, with even sides (H.264 needs them). */
export function fitEven(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}
