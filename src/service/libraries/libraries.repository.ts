import { and, asc, count, eq, isNull, sql, sum } from "drizzle-orm";
import { visibleLibraries } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import { files, folders, libraries, libraryGrants } from "../db/schema/index.ts";
import { fileEventColumns } from "../files/files.repository.ts";
import type { CallerContext } from "../platform/context.ts";
import { keysetAfter } from "../platform/keyset.ts";

const columns = {
  id: libraries.id,
  name: libraries.name,
  description: libraries.description,
  createdAt: libraries.createdAt,
  updatedAt: libraries.updatedAt,
  createdById: libraries.createdById,
};
export type LibraryRow = Pick<
  typeof libraries.$inferSelect,
  "id" | "name" | "description" | "createdAt" | "updatedAt" | "createdById"
>;

/** Visible libraries in creation order, after an optional keyset position. */
export async function listVisibleLibraries(
  { db, auth }: CallerContext,
  limit: number,
  after: [string, string] | null,
) {
  return db
    .select(columns)
    .from(libraries)
    .where(
      and(
        visibleLibraries({ db, auth }),
        after
          ? keysetAfter(
              [libraries.createdAt, libraries.id],
              [sql`${after[0]}::timestamptz`, sql`${after[1]}`],
              "asc",
            )
          : undefined,
      ),
    )
    .orderBy(asc(libraries.createdAt), asc(libraries.id))
    .limit(limit);
}

export async function findLibrary(db: Db, brandspaceId: string, id: string): Promise<LibraryRow | null> {
  const [row] = await db
    .select(columns)
    .from(libraries)
    .where(and(eq(libraries.brandspaceId, brandspaceId), eq(libraries.id, id)));
  return row ?? null;
}

export async function insertLibrary(
  db: Db,
  values: { id: string; brandspaceId: string; name: string; description: string | null; createdById: string },
): Promise<LibraryRow> {
  const [row] = await db.insert(libraries).values(values).returning(columns);
  await db
    .insert(libraryGrants)
    .values({ libraryId: values.id, userId: values.createdById, access: "manage" });
  return row!;
}

export async function updateLibraryRow(
  db: Db,
  brandspaceId: string,
  id: string,
  changes: { name?: string; description?: string | null },
): Promise<LibraryRow | null> {
  const [row] = await db
    .update(libraries)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(libraries.brandspaceId, brandspaceId), eq(libraries.id, id)))
    .returning(columns);
  return row ?? null;
}

/** Every file of the library, whatever its trash state: what its deletion takes with it. */
export function filesInLibrary(db: Db, libraryId: string) {
  return db.select(fileEventColumns).from(files).where(eq(files.libraryId, libraryId));
}

export async function folderIdsInLibrary(db: Db, libraryId: string): Promise<string[]> {
  const rows = await db.select({ id: folders.id }).from(folders).where(eq(folders.libraryId, libraryId));
  return rows.map((row) => row.id);
}

export async function deleteLibraryRow(db: Db, brandspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(libraries)
    .where(and(eq(libraries.brandspaceId, brandspaceId), eq(libraries.id, id)))
    .returning({ id: libraries.id });
  return rows.length === 1;
}

/** Active (not trashed) files and folders anywhere in the library, and the bytes of the files' active versions. */
export async function countContents(db: Db, libraryId: string) {
  const [fileStats] = await db
    .select({ n: count(), bytes: sum(files.size) })
    .from(files)
    .where(and(eq(files.libraryId, libraryId), isNull(files.trashedAt), isNull(files.hiddenBy)));
  const [folderStats] = await db
    .select({ n: count() })
    .from(folders)
    .where(and(eq(folders.libraryId, libraryId), isNull(folders.trashedAt), isNull(folders.hiddenBy)));
  return {
    files: Number(fileStats?.n ?? 0),
    folders: Number(folderStats?.n ?? 0),
    size: Number(fileStats?.bytes ?? 0),
  };
}
