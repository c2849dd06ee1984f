import { stat } from "node:fs/promises";
import { processAudio } from "./audio.ts";
import { asMediaError, MediaError } from "./errors.ts";
import { DECODABLE_IMAGE_MIMES, type ImageResult, processImage } from "./image.ts";
import type { Rendition, StillDescription, StillRenditions } from "./media-types.ts";
import { type PdfResult, processPdf } from "./pdf.ts";
import { probeMedia } from "./probe.ts";
import type { SniffedContent } from "./sniff.ts";
import { processVideo, type VideoResult } from "./video.ts";

/** Mirrors the renditions table's kinds. */
export type MediaRenditionKind = "thumbnail" | "thumbnail_jpeg" | "preview" | "frames" | "scrub";

export interface ProcessedRendition extends Rendition {
  kind: MediaRenditionKind;
  /** Sprite geometry for `frames`; null otherwise. */
  meta: Record<string, number> | null;
}

/** Everything derived from one file version, shaped like the version's columns plus its renditions. */
export interface ProcessedMedia {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  pageCount: number | null;
  colors: string[] | null;
  placeholder: string | null;
  features: number[] | null;
  renditions: ProcessedRendition[];
  /** Why less than usual was derived (a kind with no processing, an undrawable PDF page); null otherwise. */
  note: string | null;
}

export interface ProcessOptions {
  /** Stops the tools at work (e.g. the job lost its lease); the call then fails with `aborted`. */
  signal?: AbortSignal;
  maxPixels?: number;
}

const NOTHING: ProcessedMedia = {
  width: null,
  height: null,
  durationMs: null,
  pageCount: null,
  colors: null,
  placeholder: null,
  features: null,
  renditions: [],
  note: null,
};

/**
 * The one entry point of the processing job: analyses a file by its sniffed kind and writes renditions into
 * `outDir`. A corrupt or unsupported file rejects with a MediaError (its `reason` is the failure reason);
 * nothing else is thrown.
 */
export async function processFile(
  path: string,
  sniffed: SniffedContent,
  outDir: string,
  options: ProcessOptions = {},
): Promise<ProcessedMedia> {
  try {
    if (!needsProcessing(sniffed)) return { ...NOTHING, note: `No processing for ${sniffed.mime} files.` };
    if ((await stat(path)).size === 0) throw new MediaError("empty_file", "The file is empty.");
    switch (sniffed.kind) {
      case "image":
        return fromImage(await processImage(path, outDir, { maxPixels: options.maxPixels }));
      case "video":
        return await processVideoOrAudio(path, outDir, options.signal);
      case "audio":
        return { ...NOTHING, durationMs: (await processAudio(path, options.signal)).durationMs };
      default:
        return fromPdf(await processPdf(path, outDir, options.signal));
    }
  } catch (error) {
    throw asMediaError(error, "processing_error", "Processing failed");
  }
}

function needsProcessing({ kind, mime }: SniffedContent): boolean {
  if (kind === "image") return DECODABLE_IMAGE_MIMES.has(mime);
  return kind === "video" || kind === "audio" || mime === "application/pdf";
}

// A video container may hold only sound (an .mp4 of a podcast): it is then measured like audio.
async function processVideoOrAudio(
  path: string,
  outDir: string,
  signal?: AbortSignal,
): Promise<ProcessedMedia> {
  const probe = await probeMedia(path, signal);
  if (probe.hasVideo) return fromVideo(await processVideo(path, outDir, signal));
  return { ...NOTHING, durationMs: probe.durationMs, note: "The video file holds only audio." };
}

function fromImage(image: ImageResult): ProcessedMedia {
  return {
    ...NOTHING,
    width: image.width,
    height: image.height,
    ...described(image),
    renditions: stills(image),
  };
}

function fromVideo(video: VideoResult): ProcessedMedia {
  const { frames, scrub } = video;
  const { columns, rows, frameWidth, frameHeight, intervalMs, count } = frames;
  return {
    ...NOTHING,
    width: video.width,
    height: video.height,
    durationMs: video.durationMs,
    ...described(video),
    renditions: [
      ...stills({ thumbnail: video.poster, thumbnailJpeg: video.posterJpeg, preview: video.preview }),
      rendition("frames", frames, { columns, rows, frameWidth, frameHeight, intervalMs, count }),
      rendition("scrub", scrub),
    ],
  };
}

function fromPdf(pdf: PdfResult): ProcessedMedia {
  return {
    ...NOTHING,
    pageCount: pdf.pageCount,
    ...(pdf.description ? described(pdf.description) : {}),
    renditions: pdf.renditions ? stills(pdf.renditions) : [],
    note: pdf.renderError && `The first page could not be drawn: ${pdf.renderError}`,
  };
}

function described(description: StillDescription) {
  const { dominantColors, placeholder, features } = description;
  return { colors: dominantColors, placeholder, features };
}

function stills({ thumbnail, thumbnailJpeg, preview }: StillRenditions): ProcessedRendition[] {
  return [
    rendition("thumbnail", thumbnail),
    rendition("thumbnail_jpeg", thumbnailJpeg),
    rendition("preview", preview),
  ];
}

function rendition(kind: MediaRenditionKind, file: Rendition, meta: Record<string, number> | null = null) {
  const { path, mime, width, height, size } = file;
  return { kind, path, mime, width, height, size, meta };
}
