import { eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { members, searchWords, users } from "../db/schema/index.ts";
import { byKnownWords, type WordMatcher } from "./file-search.ts";
import type { SearchMember } from "./query-findings.ts";

/** The brandspace's members (any status: past uploaders stay searchable), for "by <name>". */
export function searchMembers(db: Db, brandspaceId: string): Promise<SearchMember[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.brandspaceId, brandspaceId));
}

/** Neighbours looked up per keyword: the closest in length first, so a long tail of rare words is cut. */
const MAX_NEIGHBOURS = 64;

/**
 * Known words containing a keyword, at most: a keyword in more words than this (a syllable such as `ing`) is
 * looked up through the trigram index instead, which a long list of words would not beat.
 */
const MAX_TOKENS = 256;

/**
 * For each keyword, in one query: the brandspace's known words within one typo of it when it may have one
 * (`typo` set), leaving out words that contain the keyword itself (its substring match finds those already);
 * and, for a keyword found by known words (`byKnownWords`), the known words containing it (`tokens`), and so
 * whether any does (`known`).
 */
export async function withKnownWords(
  db: Db,
  brandspaceId: string,
  matchers: WordMatcher[],
): Promise<WordMatcher[]> {
  return Promise.all(
    matchers.map(async (m) => {
      const byWords = byKnownWords(m.word);
      if (!m.typo && !byWords) return m;
      const [row] = rowsOf<{ neighbours: string[] | null; tokens: string[] | null }>(
        await db.execute(sql`
          select ${
            m.typo
              ? sql`array(
                  select word from ${searchWords}
                  where brandspace_id = ${brandspaceId} and word ~ ${m.typo} and strpos(word, ${m.word}) = 0
                  order by abs(length(word) - ${[...m.word].length}), word
                  limit ${MAX_NEIGHBOURS}
                )`
              : sql`null::text[]`
          } as neighbours,
          ${
            byWords
              ? sql`case when lower(${m.word}) !~ '[[:space:][:punct:]]' then array(
                  select word from ${searchWords}
                  where brandspace_id = ${brandspaceId} and word like '%' || lower(${m.word}) || '%'
                  limit ${MAX_TOKENS + 1}
                ) end`
              : sql`null::text[]`
          } as tokens`),
      );
      const neighbours = row?.neighbours ?? [];
      const tokens = row?.tokens ?? null;
      if (!tokens || tokens.length > MAX_TOKENS) return { ...m, neighbours };
      return { ...m, neighbours, tokens, known: tokens.length > 0 };
    }),
  );
}
