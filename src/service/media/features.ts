import { type RawStill, stillPipeline } from "./still.ts";

/**
 * Layout of a descriptor, version 2: `[2, ...8 bytes of the 64-bit dHash, ...8 bytes of the dHash of the mirror
 * image, ...64 colour-histogram bins]`. Version 1 (`[1, hash, bins]`, written before) is still read: its mirror
 * hash is predicted from its hash. Bytes and normalised bins survive a `real[]` column exactly enough. Migration
 * 0008 turns both into the point the look-alike index searches.
 */
export const FEATURES_VERSION = 2;
const HASH_BYTES = 8;
const LEVELS_PER_CHANNEL = 4;
const HISTOGRAM_BINS = LEVELS_PER_CHANNEL ** 3;
const LENGTHS: Record<number, number> = {
  1: 1 + HASH_BYTES + HISTOGRAM_BINS,
  2: 1 + 2 * HASH_BYTES + HISTOGRAM_BINS,
};
// Structure tells copies apart better than colour; colour breaks ties between similar layouts.
const HASH_WEIGHT = 0.75;
/** Colour histograms of a picture and its mirror image are the same but for resampling noise. */
const MIRROR_MIN_COLOUR_OVERLAP = 0.9;

/** A small, deterministic visual descriptor of a still, compared with `similarity()`. */
export async function visualFeatures(still: RawStill): Promise<number[]> {
  const [hash, mirrorHash, colors] = await Promise.all([
    differenceHash(still, false),
    differenceHash(still, true),
    colorHistogram(still),
  ]);
  return [FEATURES_VERSION, ...hash, ...mirrorHash, ...colors];
}

interface Parts {
  hash: readonly number[];
  mirrorHash: readonly number[];
  bins: readonly number[];
}

/** The descriptor's parts, whichever version it is; null for what is not a descriptor. */
function partsOf(features: readonly number[]): Parts | null {
  const version = features[0] ?? 0;
  if (LENGTHS[version] === undefined || features.length !== LENGTHS[version]) return null;
  const hash = features.slice(1, 1 + HASH_BYTES);
  if (version === 1) {
    // Mirroring swaps columns c and 7 - c and turns "darker than the right neighbour" around; flat pairs (equal
    // neighbours) are mispredicted, which is why version 2 measures the mirror image instead.
    return {
      hash,
      mirrorHash: hash.map((byte) => ~reverseBits(byte) & 0xff),
      bins: features.slice(1 + HASH_BYTES),
    };
  }
  return {
    hash,
    mirrorHash: features.slice(1 + HASH_BYTES, 1 + 2 * HASH_BYTES),
    bins: features.slice(1 + 2 * HASH_BYTES),
  };
}

/**
 * 1 for identical descriptors, near 1 for a resized, recompressed or mirrored copy, about 0.5 or less for
 * unrelated pictures: the better of comparing `b` with `a` and with `a`'s mirror image (a mirror image has the
 * very colours of its original, so that comparison counts only when the colours agree).
 */
export function similarity(a: readonly number[], b: readonly number[]): number {
  const one = partsOf(a);
  const other = partsOf(b);
  if (!one || !other) return 0;
  const overlap = colourOverlap(one.bins, other.bins);
  const plain = score(differentBits(one.hash, other.hash), overlap);
  if (overlap < MIRROR_MIN_COLOUR_OVERLAP) return plain;
  return Math.max(plain, score(differentBits(one.mirrorHash, other.hash), overlap));
}

const score = (bits: number, overlap: number) =>
  Math.min(1, Math.max(0, HASH_WEIGHT * (1 - bits / (HASH_BYTES * 8)) + (1 - HASH_WEIGHT) * overlap));

function differentBits(a: readonly number[], b: readonly number[]): number {
  let bits = 0;
  for (let i = 0; i < HASH_BYTES; i++) bits += popcount((a[i] ?? 0) ^ (b[i] ?? 0));
  return bits;
}

function colourOverlap(a: readonly number[], b: readonly number[]): number {
  let overlap = 0;
  for (let i = 0; i < HISTOGRAM_BINS; i++) overlap += Math.min(a[i] ?? 0, b[i] ?? 0);
  return overlap;
}

function reverseBits(byte: number): number {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit++) reversed = (reversed << 1) | ((byte >> bit) & 1);
  return reversed;
}

/** dHash: is each pixel of a 9×8 greyscale thumbnail darker than its right neighbour, as 8 bytes. */
async function differenceHash(still: RawStill, mirror: boolean): Promise<number[]> {
  const pipeline = stillPipeline(still).flatten({ background: "#ffffff" });
  const pixels = await (mirror ? pipeline.flop() : pipeline)
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
