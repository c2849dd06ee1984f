import type { FileKind } from "../../contract/files.ts";
import {
  recogniseDate,
  recogniseDatePreposition,
  recogniseLastN,
  recogniseRelativePeriod,
} from "./query-dates.ts";
import {
  type Finding,
  intersect,
  type Range,
  type SearchMember,
  type Step,
  type StepContext,
} from "./query-findings.ts";
import { recogniseSizeBetween, recogniseSizeBound } from "./query-sizes.ts";
import { recogniseColor, recogniseExtension, recogniseKind, recognisePerson } from "./query-words.ts";

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

/** Keywords beyond this many are ignored. */
const MAX_WORDS = 20;

/** Removed from the keywords only when something else in the query was recognised. */
const STOPWORDS = new Set(["of", "the", "a", "an", "and", "from", "with", "files", "file", "all"]);

/** Tried in this order at each position; the first that recognises a phrase takes it ("from" names a person before a date). */
const STEPS: Step[] = [
  recognisePerson,
  recogniseSizeBetween,
  recogniseSizeBound,
  recogniseLastN,
  recogniseDatePreposition,
  recogniseRelativePeriod,
  recogniseDate,
  recogniseKind,
  recogniseExtension,
  recogniseColor,
];

/** Whether `q` may name a person ("by", "from", "uploaded by"): only then are the members worth loading. */
export function mayNamePeople(q: string): boolean {
  return /(^|\s)["'(]*(by|from)(\s|$)/i.test(q);
}

function tokenize(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.replace(/^["'(]+|["'),;!?]+$/g, ""))
    .filter(Boolean);
}

/** Splits the tokens into recognised phrases and the words left over, in order. */
function readTokens(tokens: string[], context: StepContext) {
  const findings: Finding[] = [];
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const finding = firstFinding(tokens, i, context);
    if (finding) {
      findings.push(finding);
      i += finding.consumed;
    } else {
      kept.push(tokens[i]!);
      i++;
    }
  }
  return { findings, kept };
}

function firstFinding(tokens: string[], at: number, context: StepContext) {
  for (const step of STEPS) {
    const finding = step(tokens, at, context);
    if (finding && finding.consumed > 0) return finding;
  }
  return null;
}

const OPEN: Range = { min: null, max: null };
const unique = <T>(lists: (T[] | undefined)[]) => [...new Set(lists.flatMap((list) => list ?? []))];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Reads a free-text file search: kind words, extensions, sizes, dates relative to `now` (UTC, ISO weeks),
 * colour names and people ("by Ana"). What is not recognised stays a keyword.
 */
export function interpretQuery(q: string, context: { now: Date; members: SearchMember[] }): InterpretedQuery {
  const { findings, kept } = readTokens(tokenize(q), {
    now: context.now.getTime(),
    members: context.members,
  });
  const recognised = findings.length > 0;
  const words = (recognised ? kept.filter((w) => !STOPWORDS.has(w)) : kept).slice(0, MAX_WORDS);
  const created = findings.reduce((range, f) => intersect(range, f.created), OPEN);
  const size = findings.reduce((range, f) => intersect(range, f.size), OPEN);
  return {
    text: words.join(" "),
    kinds: unique(findings.map((f) => f.kinds)),
    extensions: unique(findings.map((f) => f.extensions)),
    created_after: iso(created.min),
    created_before: iso(created.max),
    min_size: size.min,
    max_size: size.max,
    colors: unique(findings.map((f) => f.colors)),
    uploaded_by: unique(findings.map((f) => f.people)),
    words,
  };
}
