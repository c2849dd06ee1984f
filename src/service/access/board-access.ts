import { and, eq, exists, type SQL, sql } from "drizzle-orm";
import type { BoardAccess } from "../../contract/boards.ts";
import { boardGrants, boards } from "../db/schema/index.ts";
import { hasPermission } from "../platform/auth.ts";
import type { CallerContext } from "../platform/context.ts";
import { forbidden, notFound } from "../platform/errors.ts";

const RANK: Record<BoardAccess, number> = { view: 0, comment: 1, edit: 2, manage: 3 };

/** `boards.manage_all` sees every board of the brandspace; anyone else only the boards granted to them. */
export function visibleBoards({ db, auth }: CallerContext): SQL {
  const inBrandspace = eq(boards.brandspaceId, auth.brandspace.id);
  if (hasPermission(auth, "boards.manage_all")) return inBrandspace;
  const granted = db
    .select({ one: sql`1` })
    .from(boardGrants)
    .where(and(eq(boardGrants.boardId, boards.id), eq(boardGrants.userId, auth.user.id)));
  return and(inBrandspace, exists(granted))!;
}

/** The caller's access to one board, or null when it cannot see it (which callers answer as 404). */
export async function boardAccess({ db, auth }: CallerContext, boardId: string): Promise<BoardAccess | null> {
  const [row] = await db
    .select({ access: boardGrants.access, id: boards.id })
    .from(boards)
    .leftJoin(boardGrants, and(eq(boardGrants.boardId, boards.id), eq(boardGrants.userId, auth.user.id)))
    .where(and(eq(boards.id, boardId), eq(boards.brandspaceId, auth.brandspace.id)));
  if (!row) return null;
  if (hasPermission(auth, "boards.manage_all")) return "manage";
  return row.access ?? null;
}

/** 404 when invisible, 403 when visible but below the access the action needs. */
export async function requireBoardAccess(ctx: CallerContext, boardId: string, needed: BoardAccess) {
  const access = await boardAccess(ctx, boardId);
  if (!access) throw notFound("board");
  if (RANK[access] < RANK[needed])
    throw forbidden(`This needs ${needed} access to the board; you have ${access}.`);
  return access;
}
