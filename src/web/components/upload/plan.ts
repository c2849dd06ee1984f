import type { Upload } from "../../../contract/uploads.ts";

/** One PUT of an upload: a byte range of the file and the signed URL it goes to. */
export interface PartSpec {
  number: number;
  start: number;
  end: number;
  url: string;
}

type PlannedUpload = Pick<Upload, "method" | "size" | "part_size" | "upload_url" | "parts">;
type ReceivedPart = Upload["received_parts"][number];

/**
 * The PUTs an upload needs, from the service's answer: the whole file to `upload_url` for a single upload,
 * else full `part_size` parts and a shorter last one (the service checks each part's exact size).
 */
export function planParts(upload: PlannedUpload): PartSpec[] {
  if (upload.method === "single") {
    return [{ number: 1, start: 0, end: upload.size, url: upload.upload_url ?? "" }];
  }
  return [...upload.parts]
    .sort((a, b) => a.number - b.number)
    .map((part) => ({
      number: part.number,
      start: (part.number - 1) * upload.part_size,
      end: Math.min(upload.size, part.number * upload.part_size),
      url: part.url,
    }));
}

const sizeOf = (part: PartSpec) => part.end - part.start;

/** Parts the service holds whole; a recorded part of the wrong size is sent again. */
function receivedWhole(plan: PartSpec[], received: ReceivedPart[]): Map<number, ReceivedPart> {
  const byNumber = new Map(received.map((part) => [part.number, part]));
  const whole = new Map<number, ReceivedPart>();
  for (const part of plan) {
    const got = byNumber.get(part.number);
    if (got && got.size === sizeOf(part)) whole.set(part.number, got);
  }
  return whole;
}

/** The parts still to send, in order: resuming uploads only what `received_parts` lacks. */
export function partsToSend(plan: PartSpec[], received: ReceivedPart[]): PartSpec[] {
  const whole = receivedWhole(plan, received);
  return plan.filter((part) => !whole.has(part.number));
}

/** Bytes the service already holds whole, the starting point of a resumed upload's progress. */
export function bytesReceived(plan: PartSpec[], received: ReceivedPart[]): number {
  let total = 0;
  for (const part of receivedWhole(plan, received).values()) total += part.size;
  return total;
}

/** Overall progress of several uploads: bytes sent over bytes to send, 0 to 1 (1 when there is nothing). */
export function aggregateProgress(items: readonly { loaded: number; size: number }[]): {
  loaded: number;
  total: number;
  fraction: number;
} {
  let loaded = 0;
  let total = 0;
  for (const item of items) {
    loaded += Math.min(item.loaded, item.size);
    total += item.size;
  }
  return { loaded, total, fraction: total === 0 ? 1 : loaded / total };
}

/** A whole percentage for a progress bar, never 100 before the bytes are all there. */
export function percentOf(loaded: number, size: number): number {
  if (size <= 0) return loaded >= size ? 100 : 0;
  const percent = Math.floor((loaded / size) * 100);
  return Math.max(0, Math.min(loaded >= size ? 100 : 99, percent));
}

export interface RateSample {
  at: number;
  loaded: number;
}

const RATE_WINDOW_MS = 5_000;

/** Keeps the samples of the last few seconds, so the speed follows changes without jumping at every event. */
export function addSample(samples: readonly RateSample[], sample: RateSample): RateSample[] {
  const kept = samples.filter((s) => sample.at - s.at <= RATE_WINDOW_MS && s.loaded <= sample.loaded);
  return [...kept, sample];
}

/** Bytes per second over the samples' window; null until there is enough to tell. */
export function rateOf(samples: readonly RateSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 500) return null;
  return ((last.loaded - first.loaded) * 1000) / (last.at - first.at);
}

/** Seconds left at the current speed; null when the speed is unknown or zero. */
export function secondsLeft(remaining: number, rate: number | null): number | null {
  if (rate === null || rate <= 0) return null;
  return Math.ceil(remaining / rate);
}

/** Exponential backoff: 1 s, 2 s, 4 s… capped at 30 s (attempt counts from 1). */
export function backoffMs(attempt: number, baseMs = 1_000, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
