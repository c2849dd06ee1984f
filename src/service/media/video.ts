import { mkdir } from "node:fs/promises";
import { describeStill } from "./describe-still.ts";
import { asMediaError, MediaError } from "./errors.ts";
import type { FramesSprite, Rendition, StillDescription, StillRenditions } from "./media-types.ts";
import { probeMedia } from "./probe.ts";
import { settleAll } from "./settle-all.ts";
import { PREVIEW_MAX_SIDE, type RawStill, writeStillRenditions } from "./still.ts";
import { extractFrame, fitEven, type VideoSource } from "./video-frames.ts";
import { writeScrubProxy } from "./video-scrub.ts";
import { writeFramesSprite } from "./video-sprite.ts";

export interface VideoResult extends StillDescription {
  durationMs: number;
  /** Display size: rotation metadata and pixel aspect ratio applied. */
  width: number;
  height: number;
  /** Poster (≤400 px WebP), its JPEG fallback and a ≤2048 px still, all from the same frame. */
  poster: StillRenditions["thumbnail"];
  posterJpeg: StillRenditions["thumbnailJpeg"];
  preview: StillRenditions["preview"];
  frames: FramesSprite;
  scrub: Rendition;
}

// Clips shorter than this show their first frame: 10% in would be a blur of the opening cut.
const SHORT_CLIP_MS = 2000;
const POSTER_POSITION = 0.1;

/** Poster, preview, frames sprite and scrub proxy of a video. Throws only MediaError. */
export async function processVideo(path: string, outDir: string, signal?: AbortSignal): Promise<VideoResult> {
  const probe = await probeMedia(path, signal);
  if (!probe.hasVideo || !probe.width || !probe.height) {
    throw new MediaError("no_media_streams", "The file has no video stream.");
  }
  // When one output fails, the tools still working on the others are killed rather than left running.
  const failed = new AbortController();
  const video: VideoSource = {
    path,
    durationMs: probe.durationMs,
    width: probe.width,
    height: probe.height,
    signal: signal ? AbortSignal.any([signal, failed.signal]) : failed.signal,
  };
  try {
    await mkdir(outDir, { recursive: true });
    const still = await posterFrame(video);
    const [stills, description, frames, scrub] = await settleAll(
      [
        writeStillRenditions(still, outDir),
        describeStill(still),
        writeFramesSprite(video, outDir),
        writeScrubProxy(video, outDir),
      ] as const,
      () => failed.abort(),
    );
    const { thumbnail: poster, thumbnailJpeg: posterJpeg, preview } = stills;
    const { durationMs, width, height } = video;
    return { durationMs, width, height, poster, posterJpeg, preview, ...description, frames, scrub };
  } catch (error) {
    throw asMediaError(error, "processing_error", "Writing the video renditions failed");
  }
}

async function posterFrame(video: VideoSource): Promise<RawStill> {
  const size = fitEven(video.width, video.height, PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE);
  const atMs = video.durationMs < SHORT_CLIP_MS ? 0 : video.durationMs * POSTER_POSITION;
  const request = { ...size, signal: video.signal };
  const frame =
    (await extractFrame(video.path, { atMs, ...request })) ??
    (await extractFrame(video.path, { atMs: 0, ...request }));
  if (!frame) throw new MediaError("corrupt", "The video has no decodable frame.");
  return frame;
}
