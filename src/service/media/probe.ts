import { z } from "zod";
import { asMediaError, MediaError } from "./errors.ts";
import { inputFile, runFfprobe } from "./ffmpeg-tools.ts";

export interface MediaProbe {
  durationMs: number;
  /** Display size: sample aspect ratio and rotation applied; null without a video stream. */
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

const PROBE_TIMEOUT_MS = 30_000;

const Stream = z.object({
  codec_type: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  sample_aspect_ratio: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
});
type Stream = z.infer<typeof Stream>;
const ProbeOutput = z.object({
  streams: z.array(Stream).default([]),
  format: z.object({ duration: z.string().optional() }).optional(),
});

/** Duration, display size and streams of a video or audio file, from ffprobe. */
export async function probeMedia(path: string, signal?: AbortSignal): Promise<MediaProbe> {
  const output = await readProbe(path, signal);
  // Cover art in an audio file is a one-frame "video" stream; it does not make the file a video.
  const video = output.streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const hasAudio = output.streams.some((s) => s.codec_type === "audio");
  if (!video && !hasAudio) throw new MediaError("no_media_streams", "The file has no video or audio stream.");
  const size = video ? displaySize(video) : null;
  return {
    durationMs: durationMs(output),
    width: size?.width ?? null,
    height: size?.height ?? null,
    hasVideo: video !== undefined,
    hasAudio,
  };
}

async function readProbe(path: string, signal?: AbortSignal): Promise<z.infer<typeof ProbeOutput>> {
  let stdout: Buffer;
  try {
    const args = ["-print_format", "json", "-show_format", "-show_streams", ...inputFile(path)];
    ({ stdout } = await runFfprobe(args, {
      timeoutMs: PROBE_TIMEOUT_MS,
      signal,
      maxStdoutBytes: 4 * 1024 * 1024,
    }));
  } catch (error) {
    throw asMediaError(error, "corrupt", "Not a readable video or audio file");
  }
  const parsed = ProbeOutput.safeParse(parseJson(stdout.toString("utf8")));
  if (!parsed.success) throw new MediaError("corrupt", "ffprobe described the file in an unexpected shape.");
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function durationMs(output: z.infer<typeof ProbeOutput>): number {
  const candidates = [output.format?.duration, ...output.streams.map((s) => s.duration)]
    .map((seconds) => Number(seconds))
    .filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  const seconds = candidates[0];
  if (seconds === undefined) throw new MediaError("corrupt", "The file does not say how long it is.");
  return Math.round(seconds * 1000);
}

function displaySize(stream: Stream): { width: number; height: number } {
  if (!stream.width || !stream.height) throw new MediaError("corrupt", "The video stream has no frame size.");
  const [num, den] = (stream.sample_aspect_ratio ?? "1:1").split(":").map(Number);
  const pixelAspect = num && den ? num / den : 1;
  const width = Math.round(stream.width * pixelAspect);
  return isQuarterTurn(rotationOf(stream))
    ? { width: stream.height, height: width }
    : { width, height: stream.height };
}

// Newer muxers store rotation as a display matrix, older ones as a `rotate` tag.
function rotationOf(stream: Stream): number {
  const fromMatrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  return fromMatrix ?? Number(stream.tags?.rotate ?? 0);
}

function isQuarterTurn(degrees: number): boolean {
  return Math.abs(Math.round(degrees)) % 180 === 90;
}
