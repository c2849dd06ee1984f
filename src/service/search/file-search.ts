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

/** One word's matchers: a substring (ILIKE) pattern and, for longer words, a one-typo regular expression. */
export interface WordMatcher {
  word: string;
  like: string;
  typo: string | null;
}

export function wordMatchers(words: string[]): WordMatcher[] {
  return words.map((word, index) => ({
    word,
    like: `%${escapeLike(word)}%`,
    typo:
      index < TYPO_MAX_WORDS && [...word].length >= TYPO_MIN_LENGTH && [...word].length <= TYPO_MAX_LENGTH
        ? typoRegex(word)
        : null,
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

/** Where a keyword is looked for: the name, a tag, a property value, an option label, a comment or a reply. */
function anywhere(match: (column: SQL) => SQL): SQL {
  return sql`(${match(sql`files.name`)} or ${beyondName(match)})`;
}

/** A tag, a text property value, the label of a chosen option (status, tag, multi_tag), a comment or a reply. */
function beyondName(match: (column: SQL) => SQL): SQL {
  return sql`(exists (select 1 from unnest(files.tags) t(tag) where ${match(sql`t.tag`)})
    or exists (
      select 1 from property_values pv
      where pv.file_id = files.id and jsonb_typeof(pv.value) = 'string' and ${match(sql`(pv.value #>> '{}')`)}
    )
    or exists (
      select 1 from property_values pv
      join property_options po on po.property_id = pv.property_id
      where pv.file_id = files.id
        and (pv.value ->> 'option_id' = po.id or pv.value @> jsonb_build_array(jsonb_build_object('option_id', po.id)))
        and ${match(sql`po.label`)}
    )
    or exists (select 1 from comments c where c.file_id = files.id and ${match(sql`c.text`)})
    or exists (
      select 1 from comment_replies r join comments c on c.id = r.comment_id
      where c.file_id = files.id and ${match(sql`r.text`)}
    ))`;
}

/** Every word must match somewhere, as a substring or (longer words) with one typo. */
export function keywordCondition(matchers: WordMatcher[]): SQL | undefined {
  if (matchers.length === 0) return undefined;
  return and(
    ...matchers.map((m) =>
      anywhere((c) =>
        m.typo ? sql`(${c} ilike ${m.like} or ${c} ~* ${m.typo})` : sql`${c} ilike ${m.like}`,
      ),
    ),
  );
}

/**
 * Relevance of a matching file: 4 when the name (with or without its extension) is exactly the keywords, plus
 * for each word 3 when the name starts with it, 2 when the name contains it, 1 when a tag or property value
 * contains it, 0.5 when it only matches with a typo.
 */
export function relevanceScore(matchers: WordMatcher[]): SQL {
  const text = matchers.map((m) => m.word).join(" ");
  const exact = sql`case when lower(files.name) = ${text} or lower(files.name) = ${text} || '.' || lower(files.extension) then 4 else 0 end`;
  const perWord = matchers.map(
    (m) => sql`case
      when files.name ilike ${`${escapeLike(m.word)}%`} then 3
      when files.name ilike ${m.like} then 2
      when ${beyondName((c) => sql`${c} ilike ${m.like}`)} then 1
      else 0.5
    end`,
  );
  return sql`(${exact} + ${sql.join(perWord, sql` + `)})::float8`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
