import { type Step, sizeRange } from "./query-findings.ts";

// Sizes: KB, MB and GB are decimal (1 KB = 1,000 bytes); KiB, MiB and GiB are binary (1 KiB = 1,024 bytes).
const UNITS: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};
const LOWER_BOUND = ["over", "above", "more than", "larger than", "bigger than", "greater than"];
const UPPER_BOUND = ["under", "below", "less than", "smaller than"];

/** "between 1 and 2 mb". */
export const recogniseSizeBetween: Step = (tokens, at) => {
  const between = tokens[at] === "between" ? matchBetween(tokens, at + 1) : null;
  return between ? { consumed: 1 + between.consumed, size: sizeRange(between.min, between.max) } : null;
};

/** "over 2 mb", "less than 500kb": strictly larger or smaller. */
export const recogniseSizeBound: Step = (tokens, at) => {
  for (const [phrases, lower] of [
    [LOWER_BOUND, true],
    [UPPER_BOUND, false],
  ] as const) {
    for (const phrase of phrases) {
      const words = phrase.split(" ");
      if (!words.every((w, k) => tokens[at + k] === w)) continue;
      const size = matchSize(tokens, at + words.length);
      if (!size) continue;
      const consumed = words.length + size.consumed;
      return lower
        ? { consumed, size: sizeRange(Math.floor(size.bytes) + 1, null) }
        : { consumed, size: sizeRange(null, Math.max(0, Math.ceil(size.bytes) - 1)) };
    }
  }
  return null;
};

/** "2 mb", "2mb", "2.5 MiB". */
function matchSize(tokens: string[], at: number): { bytes: number; unit: number; consumed: number } | null {
  const joined = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(tokens[at] ?? "");
  if (joined) {
    const unit = UNITS[joined[2]!];
    return unit ? { bytes: Number(joined[1]) * unit, unit, consumed: 1 } : null;
  }
  if (!/^\d+(?:\.\d+)?$/.test(tokens[at] ?? "")) return null;
  const unit = UNITS[tokens[at + 1] ?? ""];
  return unit ? { bytes: Number(tokens[at]) * unit, unit, consumed: 2 } : null;
}

/** "1 and 2 mb" (the first number takes the second's unit when it has none), "1mb and 2mb". */
function matchBetween(tokens: string[], at: number): { min: number; max: number; consumed: number } | null {
  const number = tokens[at] ?? "";
  const low = matchSize(tokens, at);
  const andAt = low ? at + low.consumed : at + 1;
  if (!low && !/^\d+(?:\.\d+)?$/.test(number)) return null;
  if (tokens[andAt] !== "and") return null;
  const high = matchSize(tokens, andAt + 1);
  if (!high) return null;
  const min = low ? low.bytes : Number(number) * high.unit;
  return {
    min: Math.ceil(Math.min(min, high.bytes)),
    max: Math.floor(Math.max(min, high.bytes)),
    consumed: andAt + 1 + high.consumed - at,
  };
}
