import { eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { members, searchWords, users } from "../db/schema/index.ts";
import type { WordMatcher } from "./file-search.ts";
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

/** A word of letters and digits only: none of its occurrences can straddle two of the words `search_words` keeps. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The brandspace's known words within one typo of each keyword that may have one (`typo` set), leaving out
 * words that contain the keyword itself (its substring pattern finds those already), and, when asked
 * (`askKnown`: a one-word search read in relevance tiers) and the word is plain, whether any known word contains
 * it (`known`), in one query per keyword.
 */
export async function withTypoNeighbours(
  db: Db,
  brandspaceId: string,
  matchers: WordMatcher[],
  { askKnown }: { askKnown: boolean },
): Promise<WordMatcher[]> {
  return Promise.all(
    matchers.map(async (m) => {
      if (!m.typo) return m;
      const plain = askKnown && PLAIN_WORD.test(m.word) && !/^[0-9]+$/.test(m.word);
      const [row] = rowsOf<{ neighbours: string[]; known: boolean | null }>(
        await db.execute(sql`
          select array(
              select word from ${searchWords}
              where brandspace_id = ${brandspaceId} and word ~ ${m.typo} and strpos(word, ${m.word}) = 0
              order by abs(length(word) - ${[...m.word].length}), word
              limit ${MAX_NEIGHBOURS}
            ) as neighbours,
            ${
              plain
                ? sql`exists (select 1 from ${searchWords}
                    where brandspace_id = ${brandspaceId} and strpos(word, ${m.word}) > 0)`
                : sql`null::boolean`
            } as known`),
      );
      return { ...m, neighbours: row?.neighbours ?? [], ...(plain ? { known: row?.known ?? true } : {}) };
    }),
  );
}
