import { type RawStill, stillPipeline } from "./still.ts";

/**
 * Layout of a descriptor: `[version, ...8 bytes of a 64-bit dHash, ...64 colour-histogram bins]`.
 * Bytes and normalised bins survive a `real[]` column exactly enough; the version lets a later descriptor
 * coexist with stored ones (different versions never match).
 */
export const FEATURES_VERSION = 1;
const HASH_BYTES = 8;
const LEVELS_PER_CHANNEL = 4;
const HISTOGRAM_BINS = LEVELS_PER_CHANNEL ** 3;
const FEATURES_LENGTH = 1 + HASH_BYTES + HISTOGRAM_BINS;
// Structure tells copies apart better than colour; colour breaks ties between similar layouts.
const HASH_WEIGHT = 0.75;

/** A small, deterministic visual descriptor of a still, compared with `similarity()`. */
export async function visualFeatures(still: RawStill): Promise<number[]> {
  const [hash, colors] = await Promise.all([differenceHash(still), colorHistogram(still)]);
  return [FEATURES_VERSION, ...hash, ...colors];
}

/** 1 for identical descriptors, near 1 for a resized or recompressed copy, about 0.5 or less for unrelated. */
export function similarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== FEATURES_LENGTH || b.length !== FEATURES_LENGTH || a[0] !== b[0]) return 0;
  let differentBits = 0;
  for (let i = 1; i <= HASH_BYTES; i++) differentBits += popcount((a[i] ?? 0) ^ (b[i] ?? 0));
  let overlap = 0;
  for (let i = 1 + HASH_BYTES; i < FEATURES_LENGTH; i++) overlap += Math.min(a[i] ?? 0, b[i] ?? 0);
  const score = HASH_WEIGHT * (1 - differentBits / (HASH_BYTES * 8)) + (1 - HASH_WEIGHT) * overlap;
  return Math.min(1, Math.max(0, score));
}

/** dHash: is each pixel of a 9×8 greyscale thumbnail darker than its right neighbour, as 8 bytes. */
async function differenceHash(still: RawStill): Promise<number[]> {
  const pixels = await stillPipeline(still)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize(9, 8, { fit: "fill" })
    .raw()
    .toBuffer();
  const bytes: number[] = [];
  for (let row = 0; row < 8; row++) {
    let byte = 0;
    for (let col = 0; col < 8; col++) {
      const left = pixels[row * 9 + col] ?? 0;
      const right = pixels[row * 9 + col + 1] ?? 0;
      byte = (byte << 1) | (left < right ? 1 : 0);
    }
    bytes.push(byte);
  }
  return bytes;
}

/** Share of pixels in each of 4×4×4 RGB cells, rounded so the numbers stay short. */
async function colorHistogram(still: RawStill): Promise<number[]> {
  const { data, info } = await stillPipeline(still)
    .flatten({ background: "#ffffff" })
    .resize(64, 64, { fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bins = new Array<number>(HISTOGRAM_BINS).fill(0);
  const level = (value: number | undefined) => Math.floor(((value ?? 0) * LEVELS_PER_CHANNEL) / 256);
  for (let i = 0; i < data.length; i += info.channels) {
    const cell =
      (level(data[i]) * LEVELS_PER_CHANNEL + level(data[i + 1])) * LEVELS_PER_CHANNEL + level(data[i + 2]);
    bins[cell] = (bins[cell] ?? 0) + 1;
  }
  const pixels = info.width * info.height;
  return bins.map((count) => Math.round((count / pixels) * 10_000) / 10_000);
}

function popcount(byte: number): number {
  let bits = 0;
  for (let v = byte; v > 0; v >>= 1) bits += v & 1;
  return bits;
}
