import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
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

/**
 * The brandspace's known words within one typo of each keyword that may have one (`typo` set), leaving out
 * words that contain the keyword itself (its substring pattern finds those already).
 */
export async function withTypoNeighbours(
  db: Db,
  brandspaceId: string,
  matchers: WordMatcher[],
): Promise<WordMatcher[]> {
  return Promise.all(
    matchers.map(async (m) => {
      if (!m.typo) return m;
      const rows = await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(
          and(
            eq(searchWords.brandspaceId, brandspaceId),
            sql`${searchWords.word} ~ ${m.typo}`,
            sql`strpos(${searchWords.word}, ${m.word}) = 0`,
          ),
        )
        .orderBy(sql`abs(length(${searchWords.word}) - ${[...m.word].length})`, searchWords.word)
        .limit(MAX_NEIGHBOURS);
      return { ...m, neighbours: rows.map((r) => r.word) };
    }),
  );
}
