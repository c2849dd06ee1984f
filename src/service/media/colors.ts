import { type RawStill, stillPipeline } from "./still.ts";

const SAMPLE_SIDE = 64;
const MAX_COLORS = 5;
// Buckets closer than this (RGB distance) are one colour to a person searching by colour.
const MERGE_DISTANCE = 48;
// Specks below this share of the picture are noise, not a colour of it.
const MIN_SHARE = 0.02;

interface Bucket {
  count: number;
  r: number;
  g: number;
  b: number;
}

/** Up to five `#rrggbb` colours, most prominent first; transparent pixels do not count. */
export async function dominantColors(still: RawStill): Promise<string[]> {
  const { data, info } = await stillPipeline(still)
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const buckets = histogram(data, info.channels);
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return mergeNearby(buckets)
    .filter((color) => color.count / total >= MIN_SHARE)
    .slice(0, MAX_COLORS)
    .map(toHex);
}

/** Pixels grouped by their top 4 bits per channel, each bucket with its mean colour, largest first. */
function histogram(pixels: Buffer, channels: number): Bucket[] {
  const buckets = new Map<number, Bucket>();
  for (let i = 0; i < pixels.length; i += channels) {
    if (channels === 4 && (pixels[i + 3] ?? 0) < 128) continue;
    const [r, g, b] = [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    bucket.count++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
  }
  return [...buckets.values()]
    .map(({ count, r, g, b }) => ({ count, r: r / count, g: g / count, b: b / count }))
    .sort((x, y) => y.count - x.count);
}

function mergeNearby(buckets: Bucket[]): Bucket[] {
  const colors: Bucket[] = [];
  for (const bucket of buckets) {
    const near = colors.find((color) => distance(color, bucket) < MERGE_DISTANCE);
    if (near) near.count += bucket.count;
    else colors.push({ ...bucket });
  }
  return colors.sort((x, y) => y.count - x.count);
}

function distance(a: Bucket, b: Bucket): number {
  return Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
}

function toHex({ r, g, b }: Bucket): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
}
