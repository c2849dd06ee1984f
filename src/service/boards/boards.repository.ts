import { and, asc, eq, exists, max, type SQL, sql } from "drizzle-orm";
import type { BoardAccess } from "../../contract/boards.ts";
import { visibleBoards } from "../access/board-access.ts";
import type { Db } from "../db/client.ts";
import { boardFiles, boardGrants, boards } from "../db/schema/index.ts";
import { writePositions } from "../db/write-positions.ts";
import type { CallerContext } from "../platform/context.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type BoardRow = typeof boards.$inferSelect;
/** A board with the caller's grant on it (null with `boards.manage_all` and no grant). */
export type VisibleBoardRow = BoardRow & { grant: BoardAccess | null };

/** Pinned boards first, then by position: as a sort key, 0 for pinned and 1 for the rest. */
const pinnedRank: SQL<number> = sql<number>`(case when ${boards.pinned} then 0 else 1 end)`;

const withGrant = (ctx: CallerContext) =>
  ctx.db
    .select({ board: boards, grant: boardGrants.access })
    .from(boards)
    .leftJoin(boardGrants, and(eq(boardGrants.boardId, boards.id), eq(boardGrants.userId, ctx.auth.user.id)));

/** Visible boards, pinned first, then by position, after an optional (rank, position, id) keyset position. */
export async function listVisibleBoards(
  ctx: CallerContext,
  limit: number,
  after: [number, number, string] | null,
  only: { withFile?: string } = {},
): Promise<VisibleBoardRow[]> {
  const rows = await withGrant(ctx)
    .where(
      and(
        visibleBoards(ctx),
        only.withFile
          ? exists(
              ctx.db
                .select({ one: sql`1` })
                .from(boardFiles)
                .where(and(eq(boardFiles.boardId, boards.id), eq(boardFiles.fileId, only.withFile))),
            )
          : undefined,
        after
          ? keysetAfter(
              [pinnedRank, boards.position, boards.id],
              [sql`${after[0]}::int`, sql`${after[1]}::int`, sql`${after[2]}`],
              "asc",
            )
          : undefined,
      ),
    )
    .orderBy(asc(pinnedRank), asc(boards.position), asc(boards.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.board, grant: r.grant }));
}

export async function findVisibleBoard(ctx: CallerContext, id: string): Promise<VisibleBoardRow | null> {
  const [row] = await withGrant(ctx).where(and(visibleBoards(ctx), eq(boards.id, id)));
  return row ? { ...row.board, grant: row.grant } : null;
}

export async function nextBoardPosition(db: Db, brandspaceId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(boards.position) })
    .from(boards)
    .where(eq(boards.brandspaceId, brandspaceId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** Inserts the board and grants its creator manage access. */
export async function insertBoard(db: Db, values: typeof boards.$inferInsert): Promise<BoardRow> {
  const [row] = await db.insert(boards).values(values).returning();
  await db.insert(boardGrants).values({ boardId: values.id, userId: values.createdById, access: "manage" });
  return row!;
}

export async function updateBoardRow(
  db: Db,
  id: string,
  changes: Partial<Pick<BoardRow, "name" | "color" | "emoji" | "logoUrl" | "pinned">>,
): Promise<void> {
  await db
    .update(boards)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(boards.id, id));
}

/** The brandspace's board ids in position order (for reordering; pinning does not change positions). */
export async function boardIdsInOrder(db: Db, brandspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: boards.id })
    .from(boards)
    .where(eq(boards.brandspaceId, brandspaceId))
    .orderBy(asc(boards.position), asc(boards.id));
  return rows.map((r) => r.id);
}

export const writeBoardPositions = (db: Db, brandspaceId: string, orderedIds: string[]) =>
  writePositions(
    db,
    { table: boards, id: boards.id, position: boards.position, scope: eq(boards.brandspaceId, brandspaceId) },
    orderedIds,
  );

export async function deleteBoardRow(db: Db, id: string): Promise<void> {
  await db.delete(boards).where(eq(boards.id, id));
}
