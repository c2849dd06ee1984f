import type { FileKind } from "../../contract/files.ts";

/** A people directory entry a query can name with "by", "from" or "uploaded by". */
export interface SearchMember {
  id: string;
  name: string;
  email: string;
}

export const COLOR_NAMES = [
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "pink",
  "brown",
  "black",
  "white",
  "gray",
] as const;
export type ColorName = (typeof COLOR_NAMES)[number];

/** Inclusive bounds; null is open. */
export interface Range {
  min: number | null;
  max: number | null;
}

/** What one recognised phrase adds to the query; ranges narrow those of the other phrases. */
export interface Finding {
  /** How many tokens the phrase took. */
  consumed: number;
  kinds?: FileKind[];
  extensions?: string[];
  colors?: ColorName[];
  people?: string[];
  /** Milliseconds since the epoch. */
  created?: Range;
  /** Bytes. */
  size?: Range;
}

/** What a recognising step reads besides the tokens. */
export interface StepContext {
  now: number;
  members: SearchMember[];
}

/** Tries to recognise a phrase starting at `at`; null when it does not. */
export type Step = (tokens: string[], at: number, context: StepContext) => Finding | null;

/** Dates are kept within what every layer (JSON, PostgreSQL) reads back the same. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
const clamp = (n: number | null, low: number, high: number) =>
  n === null ? null : Math.min(high, Math.max(low, n));

export const dateRange = (start: number | null, end: number | null): Range => ({
  min: clamp(start, EARLIEST, LATEST),
  max: clamp(end, EARLIEST, LATEST),
});

export const sizeRange = (min: number | null, max: number | null): Range => ({
  min: clamp(min, 0, Number.MAX_SAFE_INTEGER),
  max: clamp(max, 0, Number.MAX_SAFE_INTEGER),
});

/** Both ranges at once: the later lower bound and the earlier upper bound. */
export function intersect(a: Range, b: Range | undefined): Range {
  if (!b) return a;
  return {
    min: a.min === null ? b.min : b.min === null ? a.min : Math.max(a.min, b.min),
    max: a.max === null ? b.max : b.max === null ? a.max : Math.min(a.max, b.max),
  };
}
