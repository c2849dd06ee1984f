import type { FileKind } from "../../contract/files.ts";

export interface SearchMember {
  id: string;
  name: string;
  email: string;
}

export interface InterpretedQuery {
  /** The keyword words joined by single spaces. */
  text: string;
  kinds: FileKind[];
  extensions: string[];
  /** ISO timestamps (UTC, milliseconds); both bounds inclusive. */
  created_after: string | null;
  created_before: string | null;
  /** Bytes, inclusive. */
  min_size: number | null;
  max_size: number | null;
  /** Colour family names (see COLOR_NAMES). */
  colors: string[];
  /** User ids of the members named with "by", "from" or "uploaded by". */
  uploaded_by: string[];
  /** What is left to match as keywords, lower-cased, at most 20. */
  words: string[];
}

const KIND_WORDS: Record<string, FileKind> = {
  image: "image",
  images: "image",
  photo: "image",
  photos: "image",
  picture: "image",
  pictures: "image",
  pic: "image",
  pics: "image",
  video: "video",
  videos: "video",
  movie: "video",
  movies: "video",
  clip: "video",
  clips: "video",
  audio: "audio",
  sound: "audio",
  sounds: "audio",
  music: "audio",
  song: "audio",
  songs: "audio",
  document: "document",
  documents: "document",
  doc: "document",
  docs: "document",
  font: "font",
  fonts: "font",
  archive: "archive",
  archives: "archive",
};

/** Extensions recognised as bare words; any ".ext" word is an extension too. Aliases expand to each other. */
const EXTENSIONS = new Set(
  (
    "png jpg jpeg gif webp svg tif tiff heic heif avif bmp ico raw mp4 mov webm avi mkv m4v mp3 wav aac flac ogg m4a " +
    "pdf psd ai eps indd sketch fig zip rar 7z txt csv rtf docx xlsx pptx odt ods odp ttf otf woff woff2 html json"
  ).split(" "),
);
const EXTENSION_ALIASES: Record<string, string[]> = {
  jpg: ["jpg", "jpeg"],
  jpeg: ["jpg", "jpeg"],
  tif: ["tif", "tiff"],
  tiff: ["tif", "tiff"],
  heic: ["heic", "heif"],
  heif: ["heic", "heif"],
};

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
const COLOR_WORDS: Record<string, ColorName> = {
  ...Object.fromEntries(COLOR_NAMES.map((c) => [c, c])),
  grey: "gray",
  violet: "purple",
};

/** Keywords beyond this many are ignored. */
const MAX_WORDS = 20;

/** Removed from the keywords only when something else in the query was recognised. */
const STOPWORDS = new Set(["of", "the", "a", "an", "and", "from", "with", "files", "file", "all"]);

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

const MONTHS: Record<string, number> = {};
[
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
].forEach((name, i) => {
  MONTHS[name] = i;
  MONTHS[name.slice(0, 3)] = i;
});
MONTHS.sept = 8;

const DAY = 86_400_000;
/** Dates are kept within what every layer (JSON, PostgreSQL) reads back the same. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

interface Period {
  start: number;
  /** Exclusive. */
  end: number;
  consumed: number;
}

/** Whether `q` may name a person ("by", "from", "uploaded by"): only then are the members worth loading. */
export function mayNamePeople(q: string): boolean {
  return /(^|\s)["'(]*(by|from)(\s|$)/i.test(q);
}

/**
 * Reads a free-text file search: kind words, extensions, sizes, dates relative to `now` (UTC, ISO weeks),
 * colour names and people ("by Ana"). What is not recognised stays a keyword.
 */
export function interpretQuery(q: string, context: { now: Date; members: SearchMember[] }): InterpretedQuery {
  const tokens = q
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.replace(/^["'(]+|["'),;!?]+$/g, ""))
    .filter(Boolean);
  const now = context.now.getTime();
  const kinds = new Set<FileKind>();
  const extensions = new Set<string>();
  const colors = new Set<ColorName>();
  const people = new Set<string>();
  let after: number | null = null;
  let before: number | null = null;
  let minSize: number | null = null;
  let maxSize: number | null = null;
  const kept: string[] = [];
  let recognised = false;

  const bound = (rawStart: number | null, rawEnd: number | null) => {
    const start = rawStart === null ? null : clamp(rawStart, EARLIEST, LATEST);
    const end = rawEnd === null ? null : clamp(rawEnd, EARLIEST, LATEST);
    if (start !== null) after = after === null ? start : Math.max(after, start);
    if (end !== null) before = before === null ? end : Math.min(before, end);
  };
  const sizeBound = (rawMin: number | null, rawMax: number | null) => {
    const min = rawMin === null ? null : clamp(rawMin, 0, Number.MAX_SAFE_INTEGER);
    const max = rawMax === null ? null : clamp(rawMax, 0, Number.MAX_SAFE_INTEGER);
    if (min !== null) minSize = minSize === null ? min : Math.max(minSize, min);
    if (max !== null) maxSize = maxSize === null ? max : Math.min(maxSize, max);
  };
  /** The bounds of a whole period: its end only when it is over. */
  const within = (p: Period) => bound(p.start, p.end > now ? null : p.end - 1);

  const recognise = (i: number): number => {
    const t = tokens[i]!;
    const next = tokens[i + 1];

    // People: "uploaded by X", "by X", "from X".
    const personAt = t === "uploaded" && next === "by" ? i + 2 : t === "by" || t === "from" ? i + 1 : -1;
    if (personAt >= 0) {
      const match = matchPerson(tokens, personAt, context.members);
      if (match) {
        for (const id of match.ids) people.add(id);
        return personAt - i + match.consumed;
      }
    }

    // Sizes.
    const between = t === "between" ? matchBetween(tokens, i + 1) : null;
    if (between) {
      sizeBound(between.min, between.max);
      return 1 + between.consumed;
    }
    for (const [phrases, lower] of [
      [LOWER_BOUND, true],
      [UPPER_BOUND, false],
    ] as const) {
      for (const phrase of phrases) {
        const words = phrase.split(" ");
        if (!words.every((w, k) => tokens[i + k] === w)) continue;
        const size = matchSize(tokens, i + words.length);
        if (!size) continue;
        if (lower) sizeBound(Math.floor(size.bytes) + 1, null);
        else sizeBound(null, Math.max(0, Math.ceil(size.bytes) - 1));
        return words.length + size.consumed;
      }
    }

    // Dates.
    if ((t === "last" || t === "past") && next && /^\d+$/.test(next)) {
      const n = Number(next);
      const unit = tokens[i + 2]?.replace(/s$/, "");
      const today = startOfDay(now);
      const d = new Date(today);
      const start =
        unit === "day"
          ? today - n * DAY
          : unit === "week"
            ? today - n * 7 * DAY
            : unit === "month"
              ? shiftMonths(d, -n)
              : unit === "year"
                ? shiftMonths(d, -12 * n)
                : null;
      if (start !== null && n > 0 && n <= 10_000) {
        bound(start, null);
        return 3;
      }
    }
    if (t === "since" || t === "after" || t === "before" || t === "in" || t === "from") {
      const p = matchPeriod(tokens, i + 1, now);
      if (p) {
        if (t === "since" || t === "from") bound(p.start, null);
        else if (t === "after") bound(p.end, null);
        else if (t === "before") bound(null, p.start - 1);
        else within(p);
        return 1 + p.consumed;
      }
    }
    const relative = matchRelative(tokens, i, now);
    if (relative) {
      within(relative);
      return relative.consumed;
    }
    const dated = matchMonthYear(tokens, i) ?? matchIsoDate(t);
    if (dated) {
      within(dated);
      return dated.consumed;
    }

    // Kinds, extensions, colours.
    const kind = KIND_WORDS[t];
    if (kind) {
      kinds.add(kind);
      return 1;
    }
    const dotted = /^\.([a-z0-9]{1,10})$/.exec(t)?.[1];
    if (dotted || EXTENSIONS.has(t)) {
      const ext = dotted ?? t;
      for (const e of EXTENSION_ALIASES[ext] ?? [ext]) extensions.add(e);
      return 1;
    }
    const color = COLOR_WORDS[t];
    if (color) {
      colors.add(color);
      return 1;
    }
    return 0;
  };

  for (let i = 0; i < tokens.length; ) {
    const consumed = recognise(i);
    if (consumed > 0) {
      recognised = true;
      i += consumed;
    } else {
      kept.push(tokens[i]!);
      i++;
    }
  }

  const words = (recognised ? kept.filter((w) => !STOPWORDS.has(w)) : kept).slice(0, MAX_WORDS);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    text: words.join(" "),
    kinds: [...kinds],
    extensions: [...extensions],
    created_after: iso(after),
    created_before: iso(before),
    min_size: minSize,
    max_size: maxSize,
    colors: [...colors],
    uploaded_by: [...people],
    words,
  };
}

/** A member named by the words at `at`: the full name (two words) first, then a first name or email prefix. */
function matchPerson(
  tokens: string[],
  at: number,
  members: SearchMember[],
): { ids: string[]; consumed: number } | null {
  const first = tokens[at];
  if (!first || first.length < 2) return null;
  const second = tokens[at + 1];
  if (second) {
    const full = `${first} ${second}`;
    const ids = members.filter((m) => m.name.toLowerCase().startsWith(full)).map((m) => m.id);
    if (ids.length) return { ids, consumed: 2 };
  }
  const ids = members
    .filter((m) => {
      const name = m.name.toLowerCase();
      const local = m.email.toLowerCase().split("@")[0] ?? "";
      return (
        name.startsWith(first) ||
        name.split(/\s+/).some((part) => part.startsWith(first)) ||
        local.startsWith(first) ||
        m.email.toLowerCase() === first
      );
    })
    .map((m) => m.id);
  return ids.length ? { ids, consumed: 1 } : null;
}

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

/** A date expression after since/after/before/in/from: an ISO date, a month (and year), a year, or a relative period. */
function matchPeriod(tokens: string[], at: number, now: number): Period | null {
  const t = tokens[at];
  if (!t) return null;
  const iso = matchIsoDate(t);
  if (iso) return iso;
  const month = matchMonthYear(tokens, at);
  if (month) return month;
  if (t in MONTHS) {
    const nowDate = new Date(now);
    const m = MONTHS[t]!;
    const year = m <= nowDate.getUTCMonth() ? nowDate.getUTCFullYear() : nowDate.getUTCFullYear() - 1;
    return { start: Date.UTC(year, m, 1), end: Date.UTC(year, m + 1, 1), consumed: 1 };
  }
  if (/^(19|20)\d\d$/.test(t)) {
    const year = Number(t);
    return { start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1), consumed: 1 };
  }
  return matchRelative(tokens, at, now);
}

/** "<month> YYYY". */
function matchMonthYear(tokens: string[], at: number): Period | null {
  const t = tokens[at] ?? "";
  const year = tokens[at + 1] ?? "";
  if (!(t in MONTHS) || !/^(19|20)\d\d$/.test(year)) return null;
  const m = MONTHS[t]!;
  const y = Number(year);
  return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1), consumed: 2 };
}

function matchIsoDate(t: string): Period | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!match || Number(match[1]) < 1900) return null;
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const check = new Date(start);
  if (check.getUTCMonth() !== Number(match[2]) - 1 || check.getUTCDate() !== Number(match[3])) return null;
  return { start, end: start + DAY, consumed: 1 };
}

/** today, yesterday, this/last week (ISO, Monday start), this/last month, this/last year. */
function matchRelative(tokens: string[], at: number, now: number): Period | null {
  const t = tokens[at];
  const today = startOfDay(now);
  if (t === "today") return { start: today, end: today + DAY, consumed: 1 };
  if (t === "yesterday") return { start: today - DAY, end: today, consumed: 1 };
  if (t !== "this" && t !== "last" && t !== "past") return null;
  const back = t === "this" ? 0 : 1;
  const d = new Date(now);
  switch (tokens[at + 1]) {
    case "week": {
      const monday = today - ((d.getUTCDay() + 6) % 7) * DAY - back * 7 * DAY;
      return { start: monday, end: monday + 7 * DAY, consumed: 2 };
    }
    case "month": {
      const y = d.getUTCFullYear();
      const m = d.getUTCMonth() - back;
      return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1), consumed: 2 };
    }
    case "year": {
      const y = d.getUTCFullYear() - back;
      return { start: Date.UTC(y, 0, 1), end: Date.UTC(y + 1, 0, 1), consumed: 2 };
    }
    default:
      return null;
  }
}

function startOfDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** The same day `n` months away (clamped to the month's last day), at midnight UTC. */
function shiftMonths(d: Date, n: number): number {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last));
}
