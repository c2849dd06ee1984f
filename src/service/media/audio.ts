import { MediaError } from "./errors.ts";
import { probeMedia } from "./probe.ts";

export interface AudioResult {
  durationMs: number;
}

/** The duration of an audio file. Throws only MediaError. */
export async function processAudio(path: string, signal?: AbortSignal): Promise<AudioResult> {
  const probe = await probeMedia(path, signal);
  if (!probe.hasAudio) throw new MediaError("no_media_streams", "The file has no audio stream.");
  return { durationMs: probe.durationMs };
}
