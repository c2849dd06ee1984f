import { type RawStill, stillPipeline } from "./still.ts";

/**
 * Layout of a descriptor, version 3: `[3, ...8 bytes of the 64-bit dHash, ...8 bytes of the dHash of the mirror
 * image, ...64 colour-histogram bins, ...the fine 17×16 dHash, ...the same of the mirror image, ...the vertical
 * 8×9 dHash, ...the vertical 16×17 dHash]`, each hash as one number per row (8 or 16 bits). A vertical hash sees
 * the horizontal edges a horizontal one misses; a mirror image's vertical hash is the same with each row reversed.
 * Versions 1 (`[1, hash, bins]`) and 2 (`[2, hash, mirror hash, bins]`), written before, are still read: a
 * version 1 mirror hash is predicted from its hash, and a comparison with either uses the coarse hashes only. Bytes, rows and normalised bins survive a `real[]` column exactly
 * enough. Migrations 0008 and 0012 turn the coarse hashes and the bins (the same places in every version but 1)
 * into the point the look-alike index searches.
 */
export const FEATURES_VERSION = 3;
const HASH_BYTES = 8;
const FINE_SIDE = 16;
const LEVELS_PER_CHANNEL = 4;
const HISTOGRAM_BINS = LEVELS_PER_CHANNEL ** 3;
const LENGTHS: Record<number, number> = {
  1: 1 + HASH_BYTES + HISTOGRAM_BINS,
  2: 1 + 2 * HASH_BYTES + HISTOGRAM_BINS,
  3: 1 + 2 * HASH_BYTES + HISTOGRAM_BINS + 2 * FINE_SIDE + HASH_BYTES + FINE_SIDE,
};
/**
 * Structure tells copies apart better than colour; colour breaks ties between similar layouts. With the vertical
 * and the fine hashes structure can carry more weight: on bench/similar.ts's pictures (compared among themselves)
 * recall@5 went from 0.92 (coarse hash alone, 0.75) to 0.99 at 0.85, with 24 originals, and from 0.88 to 0.98 with
 * 48; a recoloured copy had often lost to another picture of its new hue. The fine hashes alone did as well on
 * recall but scored a recompressed thumbnail of a smooth picture below 0.9 (noise flips its flat pairs), and
 * three-level hashes (a dead zone for flat pairs) generalised worse.
 */
const HASH_WEIGHT = 0.75;
const ALL_HASHES_WEIGHT = 0.85;
/** Colour histograms of a picture and its mirror image are the same but for resampling noise. */
const MIRROR_MIN_COLOUR_OVERLAP = 0.9;

/** A small, deterministic visual descriptor of a still, compared with `similarity()`. */
export async function visualFeatures(still: RawStill): Promise<number[]> {
  const [hash, mirrorHash, colors, fine, fineMirror, vertical, fineVertical] = await Promise.all([
    differenceHash(still, { side: HASH_BYTES, mirror: false, vertical: false }),
    differenceHash(still, { side: HASH_BYTES, mirror: true, vertical: false }),
    colorHistogram(still),
    differenceHash(still, { side: FINE_SIDE, mirror: false, vertical: false }),
    differenceHash(still, { side: FINE_SIDE, mirror: true, vertical: false }),
    differenceHash(still, { side: HASH_BYTES, mirror: false, vertical: true }),
    differenceHash(still, { side: FINE_SIDE, mirror: false, vertical: true }),
  ]);
  return [
    FEATURES_VERSION,
    ...hash,
    ...mirrorHash,
    ...colors,
    ...fine,
    ...fineMirror,
    ...vertical,
    ...fineVertical,
  ];
}

/** The hashes version 3 added, one number per row, and the mirror image's vertical ones (each row reversed). */
interface LaterHashes {
  fine: readonly number[];
  fineMirror: readonly number[];
  vertical: readonly number[];
  verticalMirror: readonly number[];
  fineVertical: readonly number[];
  fineVerticalMirror: readonly number[];
}

interface Parts {
  hash: readonly number[];
  mirrorHash: readonly number[];
  bins: readonly number[];
  /** Version 3 on. */
  later: LaterHashes | null;
}

/** The descriptor's parts, whichever version it is; null for what is not a descriptor. */
function partsOf(features: readonly number[]): Parts | null {
  const version = features[0] ?? 0;
  if (LENGTHS[version] === undefined || features.length !== LENGTHS[version]) return null;
  const hash = features.slice(1, 1 + HASH_BYTES);
  if (version === 1) {
    // Mirroring swaps columns c and 7 - c and turns "darker than the right neighbour" around; flat pairs (equal
    // neighbours) are mispredicted, which is why later versions measure the mirror image instead.
    return {
      hash,
      mirrorHash: hash.map((byte) => ~reverseBits(byte, 8) & 0xff),
      bins: features.slice(1 + HASH_BYTES),
      later: null,
    };
  }
  const binsAt = 1 + 2 * HASH_BYTES;
  const fineAt = binsAt + HISTOGRAM_BINS;
  const verticalAt = fineAt + 2 * FINE_SIDE;
  return {
    hash,
    mirrorHash: features.slice(1 + HASH_BYTES, binsAt),
    bins: features.slice(binsAt, fineAt),
    later: version === 3 ? laterHashes(features, fineAt, verticalAt) : null,
  };
}

function laterHashes(features: readonly number[], fineAt: number, verticalAt: number): LaterHashes {
  const reversed = (rows: readonly number[], width: number) => rows.map((row) => reverseBits(row, width));
  const vertical = features.slice(verticalAt, verticalAt + HASH_BYTES);
  const fineVertical = features.slice(verticalAt + HASH_BYTES);
  return {
    fine: features.slice(fineAt, fineAt + FINE_SIDE),
    fineMirror: features.slice(fineAt + FINE_SIDE, verticalAt),
    vertical,
    verticalMirror: reversed(vertical, 8),
    fineVertical,
    fineVerticalMirror: reversed(fineVertical, FINE_SIDE),
  };
}

/**
 * 1 for identical descriptors, near 1 for a resized, recompressed or mirrored copy, about 0.5 or less for
 * unrelated pictures: the better of comparing `b` with `a` and with `a`'s mirror image (a mirror image has the
 * very colours of its original, so that comparison counts only when the colours agree).
 */
export function similarity(a: readonly number[], b: readonly number[]): number {
  return similarityTo(a)(b);
}

/** `similarity` with `a` fixed, read once however many descriptors it is compared with. */
export function similarityTo(a: readonly number[]): (b: readonly number[]) => number {
  const one = partsOf(a);
  return (b) => {
    const other = partsOf(b);
    if (!one || !other) return 0;
    const overlap = colourOverlap(one.bins, other.bins);
    const bothLater = one.later && other.later;
    const structure = bothLater ? allHashesStructure(one, other) : coarseStructure(one, other);
    const weight = bothLater ? ALL_HASHES_WEIGHT : HASH_WEIGHT;
    const score = (sameShare: number) =>
      Math.min(1, Math.max(0, weight * sameShare + (1 - weight) * overlap));
    if (overlap < MIRROR_MIN_COLOUR_OVERLAP) return score(structure.plain);
    return Math.max(score(structure.plain), score(structure.mirrored));
  };
}

/** Shares of equal bits between `b` and `a`, and between `b` and `a`'s mirror image. */
type Structure = { plain: number; mirrored: number };

function coarseStructure(a: Parts, b: Parts): Structure {
  return { plain: sameShare(a.hash, b.hash, 8), mirrored: sameShare(a.mirrorHash, b.hash, 8) };
}

/** The four hashes count alike, each as its share of equal bits (both descriptors version 3 on). */
function allHashesStructure(a: Parts, b: Parts): Structure {
  const [one, other] = [a.later!, b.later!];
  const mean = (shares: number[]) => shares.reduce((sum, share) => sum + share, 0) / shares.length;
  return {
    plain: mean([
      sameShare(a.hash, b.hash, 8),
      sameShare(one.fine, other.fine, FINE_SIDE),
      sameShare(one.vertical, other.vertical, 8),
      sameShare(one.fineVertical, other.fineVertical, FINE_SIDE),
    ]),
    mirrored: mean([
      sameShare(a.mirrorHash, b.hash, 8),
      sameShare(one.fineMirror, other.fine, FINE_SIDE),
      sameShare(one.verticalMirror, other.vertical, 8),
      sameShare(one.fineVerticalMirror, other.fineVertical, FINE_SIDE),
    ]),
  };
}

/** Share of equal bits of two hashes of rows of `width` bits. */
function sameShare(a: readonly number[], b: readonly number[], width: number): number {
  return 1 - differentBits(a, b) / (a.length * width);
}

function differentBits(a: readonly number[], b: readonly number[]): number {
  let bits = 0;
  for (let i = 0; i < a.length; i++) bits += popcount((a[i] ?? 0) ^ (b[i] ?? 0));
  return bits;
}

function colourOverlap(a: readonly number[], b: readonly number[]): number {
  let overlap = 0;
  for (let i = 0; i < HISTOGRAM_BINS; i++) overlap += Math.min(a[i] ?? 0, b[i] ?? 0);
  return overlap;
}

function reverseBits(value: number, width: number): number {
  let reversed = 0;
  for (let bit = 0; bit < width; bit++) reversed = (reversed << 1) | ((value >> bit) & 1);
  return reversed;
}

/**
 * dHash: is each pixel of a (side + 1)×side greyscale thumbnail darker than its right neighbour (vertical: of a
 * side×(side + 1) one, than the pixel below), as one number per row, the first column in the highest bit.
 */
async function differenceHash(
  still: RawStill,
  { side, mirror, vertical }: { side: number; mirror: boolean; vertical: boolean },
): Promise<number[]> {
  const [width, height] = vertical ? [side, side + 1] : [side + 1, side];
  const pipeline = stillPipeline(still).flatten({ background: "#ffffff" });
  const pixels = await (mirror ? pipeline.flop() : pipeline)
    .greyscale()
    .resize(width, height, { fit: "fill" })
    .raw()
    .toBuffer();
  const rows: number[] = [];
  for (let row = 0; row < side; row++) {
    let bits = 0;
    for (let col = 0; col < side; col++) {
      const here = pixels[row * width + col] ?? 0;
      const next = pixels[vertical ? (row + 1) * width + col : row * width + col + 1] ?? 0;
      bits = (bits << 1) | (here < next ? 1 : 0);
    }
    rows.push(bits);
  }
  return rows;
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
