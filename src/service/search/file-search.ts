import { and, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { files } from "../db/schema/index.ts";
import type { InterpretedQuery } from "./interpret-query.ts";
import type { ColorName } from "./query-findings.ts";

/** The filters a query's interpretation adds; they apply on top of (AND) the explicit parameters. */
export function interpretedConditions(q: InterpretedQuery): (SQL | undefined)[] {
  return [
    q.kinds.length ? inArray(files.kind, q.kinds) : undefined,
    q.extensions.length ? inArray(files.extension, q.extensions) : undefined,
    q.uploaded_by.length ? inArray(files.createdById, q.uploaded_by) : undefined,
    q.created_after ? gte(files.createdAt, new Date(q.created_after)) : undefined,
    q.created_before ? lte(files.createdAt, new Date(q.created_before)) : undefined,
    q.min_size !== null ? gte(files.size, q.min_size) : undefined,
    q.max_size !== null ? lte(files.size, q.max_size) : undefined,
    q.colors.length ? colorCondition(q.colors as ColorName[]) : undefined,
  ];
}

/**
 * Colour families over HSV (hue in degrees, saturation and value 0–1) of a dominant colour: dark colours
 * (v < 0.2) are black, unsaturated ones white (v ≥ 0.85, s < 0.12) or gray (s < 0.15); the rest by hue.
 */
const COLOR_FAMILIES: Record<ColorName, string> = {
  black: "v < 0.2",
  white: "v >= 0.85 and s < 0.12",
  gray: "v >= 0.2 and s < 0.15 and not (v >= 0.85 and s < 0.12)",
  red: "v >= 0.2 and s >= 0.15 and (h < 15 or h >= 345)",
  orange: "v >= 0.6 and s >= 0.15 and h >= 15 and h < 40",
  brown: "v >= 0.2 and v < 0.6 and s >= 0.15 and h >= 15 and h < 45",
  yellow: "v >= 0.2 and s >= 0.15 and h >= 40 and h < 70",
  green: "v >= 0.2 and s >= 0.15 and h >= 70 and h < 170",
  blue: "v >= 0.2 and s >= 0.15 and h >= 170 and h < 255",
  purple: "v >= 0.2 and s >= 0.15 and h >= 255 and h < 290",
  pink: "v >= 0.2 and s >= 0.15 and h >= 290 and h < 345",
};

/** Files whose active version has a dominant colour (`#rrggbb`) in one of the families. */
export function colorCondition(colors: ColorName[]): SQL {
  const families = sql.raw(colors.map((c) => `(${COLOR_FAMILIES[c]})`).join(" or "));
  return sql`exists (
    select 1
    from file_versions fv
    cross join lateral unnest(fv.colors) as c(hex)
    cross join lateral (
      select
        case when c.hex ~* '^#[0-9a-f]{6}$' then ('x' || substr(c.hex, 2, 2))::bit(8)::int else 0 end::float8 as r,
        case when c.hex ~* '^#[0-9a-f]{6}$' then ('x' || substr(c.hex, 4, 2))::bit(8)::int else 0 end::float8 as g,
        case when c.hex ~* '^#[0-9a-f]{6}$' then ('x' || substr(c.hex, 6, 2))::bit(8)::int else 0 end::float8 as b
    ) rgb
    cross join lateral (select greatest(r, g, b) as mx, least(r, g, b) as mn) m
    cross join lateral (
      select
        mx / 255 as v,
        case when mx = 0 then 0 else (mx - mn) / mx end as s,
        case
          when mx = mn then 0
          when mx = r and g >= b then 60 * (g - b) / (mx - mn)
          when mx = r then 360 + 60 * (g - b) / (mx - mn)
          when mx = g then 60 * ((b - r) / (mx - mn) + 2)
          else 60 * ((r - g) / (mx - mn) + 4)
        end as h
    ) hsv
    where fv.id = files.active_version_id and (${families})
  )`;
}

/** Words this long or longer also match with one typo (a character substituted, missing, extra or swapped). */
const TYPO_MIN_LENGTH = 4;
/** Typo matching is skipped for longer words and after this many words, to bound the regular expressions. */
const TYPO_MAX_LENGTH = 24;
const TYPO_MAX_WORDS = 8;

/**
 * One word's matchers: a substring (ILIKE) pattern and, for longer words, a one-typo regular expression, which
 * is run against the brandspace's words (`search_words`) to find the words a typo may have meant.
 */
export interface WordMatcher {
  word: string;
  like: string;
  typo: string | null;
  /** Known words (other than those containing `word`) within one typo of it; set by `withKnownWords`. */
  neighbours: string[];
  /**
   * The known words containing `word`, when a file contains `word` exactly when one of its words is among them
   * (see `byKnownWords`; set by `withKnownWords`): then `files.search_tokens` is searched instead of the trigram
   * index. Null when the word is not such a word, or too many known words contain it.
   */
  tokens: string[] | null;
  /**
   * False when no known word contains `word` (set with `tokens`): then no name, tag, value or comment can
   * contain it either.
   */
  known?: boolean;
}

/** Words of 3 to 33 letters or digits (not only digits) are found through the known words containing them. */
const TOKEN_MIN_LENGTH = 3;
/** Runs over 64 characters are kept as pieces of 64 every 32: a word of up to 33 lies whole in one of them. */
const TOKEN_MAX_LENGTH = 33;
const LETTERS_AND_DIGITS = /^[\p{L}\p{N}]+$/u;

/**
 * Whether a file's search text contains `word` exactly when one of its words (`search_tokens`, which
 * `search_words` also holds) contains it: the word cannot straddle two words (it has no space or punctuation;
 * the query checks this again with the database's own character classes), is long enough to be kept, and is not
 * only digits (numbers are not kept as words).
 */
export function byKnownWords(word: string): boolean {
  const length = [...word].length;
  return (
    length >= TOKEN_MIN_LENGTH &&
    length <= TOKEN_MAX_LENGTH &&
    LETTERS_AND_DIGITS.test(word) &&
    !/^[0-9]+$/.test(word)
  );
}

export function wordMatchers(words: string[]): WordMatcher[] {
  return words.map((word, index) => ({
    word,
    like: `%${escapeLike(word)}%`,
    typo:
      index < TYPO_MAX_WORDS && [...word].length >= TYPO_MIN_LENGTH && [...word].length <= TYPO_MAX_LENGTH
        ? typoRegex(word)
        : null,
    neighbours: [],
    tokens: null,
  }));
}

/** An alternation of every one-edit variant of the word, `.` standing for any character. */
export function typoRegex(word: string): string {
  const chars = [...word];
  const esc = (cs: string[]) => cs.map((c) => c.replace(/[.^$*+?()[\]{}|\\-]/g, "\\$&")).join("");
  const variants = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    variants.add(`${esc(chars.slice(0, i))}.${esc(chars.slice(i + 1))}`); // substituted
    variants.add(esc([...chars.slice(0, i), ...chars.slice(i + 1)])); // typed one too many
    if (i + 1 < chars.length) {
      const swapped = [...chars];
      [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
      variants.add(esc(swapped)); // swapped
    }
  }
  for (let i = 0; i <= chars.length; i++) variants.add(`${esc(chars.slice(0, i))}.${esc(chars.slice(i))}`); // missing
  return [...variants].join("|");
}

/**
 * Every word must match somewhere (the name, a tag, a text property value, a chosen option's label, a comment
 * or a reply: `files.search_text`), as a substring or through one of its typo neighbours, also as a substring.
 * A word with `tokens` is looked up as the files holding one of the known words containing it (the GIN index of
 * `search_tokens`), other words and the neighbours through the trigram index of `search_text`.
 */
export function keywordCondition(matchers: WordMatcher[]): SQL | undefined {
  if (matchers.length === 0) return undefined;
  return and(
    ...matchers.map((m) => {
      const itself = m.tokens
        ? sql`files.search_tokens && ${sql.param(m.tokens)}::text[]`
        : sql`files.search_text like lower(${m.like})`;
      const neighbours = m.neighbours.map((n) => sql`files.search_text like lower(${`%${escapeLike(n)}%`})`);
      return sql`(${sql.join([itself, ...neighbours], sql` or `)})`;
    }),
  );
}

/** Where a word is found, for relevance: the name tests use the lower-cased name that its indexes hold. */
function wordPlaces(m: WordMatcher) {
  const name = sql`lower(files.name)`;
  return {
    starts: sql`${name} like lower(${`${escapeLike(m.word)}%`})`,
    contains: sql`${name} like lower(${m.like})`,
    elsewhere: sql`files.search_text like lower(${m.like})`,
  };
}

/** The name is exactly the text, with or without its extension (the `like` lets the name index answer). */
function exactName(text: string): SQL {
  const name = sql`lower(files.name)`;
  return sql`(${name} = lower(${text})
    or (${name} like lower(${`${escapeLike(text)}.%`}) and ${name} = lower(${text}) || '.' || lower(files.extension)))`;
}

/**
 * Relevance of a matching file: 4 when the name (with or without its extension) is exactly the keywords, plus
 * for each word 3 when the name starts with it, 2 when the name contains it, 1 when a tag, property value or
 * comment contains it, 0.5 when it only matches with a typo.
 */
export function relevanceScore(matchers: WordMatcher[]): SQL {
  const text = matchers.map((m) => m.word).join(" ");
  const perWord = matchers.map((m) => {
    const { starts, contains, elsewhere } = wordPlaces(m);
    return sql`case when ${starts} then 3 when ${contains} then 2 when ${elsewhere} then 1 else 0.5 end`;
  });
  return sql`(case when ${exactName(text)} then 4 else 0 end + ${sql.join(perWord, sql` + `)})::float8`;
}

/** The files of one relevance score: every match of the keyword has exactly one tier. */
export interface RelevanceTier {
  score: number;
  /** Whether a file is in this tier; for the name tiers, this implies that the keyword matches. */
  condition: SQL;
}

/**
 * The score tiers of a one-word search, best first, with the same scores as `relevanceScore`. A page is read
 * tier by tier, each newest first, so that a word in thousands of names costs one walk down the date index
 * until the page is full, not a ranking of every match.
 */
export function relevanceTiers(m: WordMatcher): RelevanceTier[] {
  // A word no known word contains (a typo) can only match through its neighbours: one query instead of four
  // empty ones before the typo tier.
  if (m.known === false) return [{ score: 0.5, condition: keywordCondition([m])! }];
  const { starts, contains, elsewhere } = wordPlaces(m);
  const exact = exactName(m.word);
  return [
    { score: 7, condition: exact },
    { score: 3, condition: sql`${starts} and not ${exact}` },
    { score: 2, condition: sql`${contains} and not ${starts}` },
    { score: 1, condition: sql`${elsewhere} and not ${contains}` },
    // Without known words one typo away nothing can match by a typo alone: no query for an empty tier.
    ...(m.neighbours.length > 0
      ? [{ score: 0.5, condition: sql`${keywordCondition([m])} and not ${elsewhere}` }]
      : []),
  ];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
