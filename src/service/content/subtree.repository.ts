import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { files, folders } from "../db/schema/index.ts";

/** The folder and every folder below it, whatever their trash state. */
export async function subtreeFolderIds(db: Db, folderId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive subtree as (
      select id from folders where id = ${folderId}
      -- union, not union all: a folder reached twice (a cycle of parents, which moves refuse but a database edited
      -- by hand may hold) ends the walk instead of repeating it forever.
      union
      select f.id from folders f join subtree s on f.parent_id = s.id
    )
    select id from subtree`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** Ancestors of a folder from the library's top level down to its parent. */
export async function ancestorsOf(db: Db, folderId: string): Promise<{ id: string; name: string }[]> {
  const result = await db.execute(sql`
    with recursive chain as (
      select id, name, parent_id, 0 as depth from folders where id = (select parent_id from folders where id = ${folderId})
      union all
      select f.id, f.name, f.parent_id, c.depth + 1 from folders f join chain c on f.id = c.parent_id where c.depth < 1000
    )
    select id, name from chain order by depth desc`);
  return rowsOf<{ id: string; name: string }>(result);
}

/**
 * Hides everything active below a trashed folder, marking it with that folder's id; items trashed on their own
 * keep their own `trashed_at` and stay out of the folder's restore.
 */
export async function hideSubtree(db: Db, folderId: string) {
  const below = (await subtreeFolderIds(db, folderId)).filter((id) => id !== folderId);
  const scope = [folderId, ...below];
  if (below.length > 0) {
    await db
      .update(folders)
      .set({ hiddenBy: folderId })
      .where(and(inArray(folders.id, below), isNull(folders.trashedAt), isNull(folders.hiddenBy)));
  }
  await db
    .update(files)
    .set({ hiddenBy: folderId })
    .where(and(inArray(files.folderId, scope), isNull(files.trashedAt), isNull(files.hiddenBy)));
}

/** Undoes `hideSubtree`: exactly what that folder's trashing hid comes back. */
export async function unhideSubtree(db: Db, folderId: string) {
  await db.update(folders).set({ hiddenBy: null }).where(eq(folders.hiddenBy, folderId));
  await db.update(files).set({ hiddenBy: null }).where(eq(files.hiddenBy, folderId));
}

/** Whether a folder is active: neither trashed nor hidden by a trashed ancestor. */
export async function isActiveFolder(db: Db, brandspaceId: string, folderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.id, folderId),
        eq(folders.brandspaceId, brandspaceId),
        isNull(folders.trashedAt),
        isNull(folders.hiddenBy),
      ),
    );
  return Boolean(row);
}
