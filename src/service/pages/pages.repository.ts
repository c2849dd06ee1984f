import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, pages } from "../db/schema/index.ts";
import { type FileRow, fileColumns } from "../files/files.repository.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type PageRow = { file: FileRow; page: typeof pages.$inferSelect };
export type Position = [string, string];

export async function insertPageRow(db: Db, values: typeof pages.$inferInsert) {
  await db.insert(pages).values(values);
}

export async function findPage(db: Db, brandspaceId: string, id: string): Promise<PageRow | null> {
  const [row] = await db
    .select({ file: fileColumns, page: pages })
    .from(files)
    .innerJoin(pages, eq(pages.fileId, files.id))
    .where(and(eq(files.brandspaceId, brandspaceId), eq(files.id, id)));
  return row ?? null;
}

export async function findPublished(db: Db, token: string): Promise<PageRow | null> {
  const [row] = await db
    .select({ file: fileColumns, page: pages })
    .from(pages)
    .innerJoin(files, eq(files.id, pages.fileId))
    .where(and(eq(pages.publishToken, token), isNull(files.trashedAt), isNull(files.hiddenBy)));
  return row ?? null;
}

export async function updatePageRow(db: Db, fileId: string, changes: Partial<typeof pages.$inferInsert>) {
  const [row] = await db
    .update(pages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(pages.fileId, fileId))
    .returning();
  return row!;
}

export interface PageListScope {
  brandspaceId: string;
  libraryId?: string;
  folderId?: string;
  published?: boolean;
  visible?: SQL;
}

/** A page's `updated_at`: its content's or its file's (a rename, a move), whichever changed last. */
const pageUpdatedAt = sql`greatest(${pages.updatedAt}, ${files.updatedAt})`;

/** Active pages, most recently changed first (by the `updated_at` they show). */
export function listPageRows(db: Db, scope: PageListScope, limit: number, after: Position | null) {
  const conditions = [
    eq(files.brandspaceId, scope.brandspaceId),
    eq(files.kind, "page"),
    isNull(files.trashedAt),
    isNull(files.hiddenBy),
  ];
  if (scope.libraryId) conditions.push(eq(files.libraryId, scope.libraryId));
  if (scope.folderId) conditions.push(eq(files.folderId, scope.folderId));
  if (scope.published === true) conditions.push(isNotNull(pages.publishToken));
  if (scope.published === false) conditions.push(isNull(pages.publishToken));
  if (scope.visible) conditions.push(scope.visible);
  if (after)
    conditions.push(
      keysetAfter([pageUpdatedAt, files.id], [sql`${new Date(after[0])}`, sql`${after[1]}`], "desc"),
    );
  return db
    .select({ file: fileColumns, page: pages })
    .from(files)
    .innerJoin(pages, eq(pages.fileId, files.id))
    .where(and(...conditions))
    .orderBy(desc(pageUpdatedAt), desc(files.id))
    .limit(limit);
}

export function filesByIds(db: Db, brandspaceId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as FileRow[]);
  return db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.brandspaceId, brandspaceId), inArray(files.id, ids)));
}
