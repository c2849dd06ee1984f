import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { compileSelection } from "../db/compiled-selection.ts";
import { files, fileVersions, properties, propertyValues, renditions } from "../db/schema/index.ts";

/** What a file's events carry (`fileEventData`): for the events of files a folder or library took along. */
export const fileEventColumns = {
  id: files.id,
  name: files.name,
  libraryId: files.libraryId,
  folderId: files.folderId,
  kind: files.kind,
};

/** What a file's list item shows (`toFileBase`) and its keyset position needs: a listing reads these only. */
export const listedFileColumns = {
  id: files.id,
  libraryId: files.libraryId,
  folderId: files.folderId,
  name: files.name,
  extension: files.extension,
  kind: files.kind,
  mime: files.mime,
  size: files.size,
  status: files.status,
  durationMs: files.durationMs,
  width: files.width,
  height: files.height,
  activeVersionId: files.activeVersionId,
  activeNumber: files.activeNumber,
  versionCount: files.versionCount,
  externalUrl: files.externalUrl,
  createdById: files.createdById,
  createdAt: files.createdAt,
  trashedAt: files.trashedAt,
};
export type ListedFileRow = Pick<typeof files.$inferSelect, keyof typeof listedFileColumns>;

/** A file as one file's reads see it: its list item's columns and the rest. */
export const fileColumns = {
  ...listedFileColumns,
  brandspaceId: files.brandspaceId,
  tags: files.tags,
  published: files.published,
  updatedAt: files.updatedAt,
  hiddenBy: files.hiddenBy,
};
export type FileRow = Pick<typeof files.$inferSelect, keyof typeof fileColumns>;

export const activeFile = and(isNull(files.trashedAt), isNull(files.hiddenBy))!;

export async function findFile(db: Db, brandspaceId: string, id: string): Promise<FileRow | null> {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.brandspaceId, brandspaceId), eq(files.id, id)));
  return row ?? null;
}

/** Changes a file's columns and bumps its `updated_at`. */
export async function updateFileRow(
  db: Db,
  id: string,
  changes: Partial<typeof files.$inferInsert>,
): Promise<FileRow> {
  const [row] = await db
    .update(files)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(files.id, id))
    .returning(fileColumns);
  return row!;
}

export async function deleteFileRow(db: Db, id: string) {
  await db.delete(files).where(eq(files.id, id));
}

export type RenditionRow = Pick<
  typeof renditions.$inferSelect,
  "versionId" | "kind" | "mime" | "width" | "height"
>;

const renditionSelection = compileSelection<RenditionRow>({
  versionId: renditions.versionId,
  kind: renditions.kind,
  mime: renditions.mime,
  width: renditions.width,
  height: renditions.height,
});

/** Renditions of many versions in one query (a listing page's thumbnails), the ids as one array parameter. */
export async function renditionsOf(db: Db, versionIds: string[]): Promise<RenditionRow[]> {
  if (versionIds.length === 0) return [];
  return renditionSelection.read(
    rowsOf(
      await db.execute(
        sql`select ${renditionSelection.list} from ${renditions}
          where ${renditions.versionId} = any(${sql.param(versionIds)}::text[])`,
      ),
    ),
  );
}

export type StoredPropertyValue = Pick<typeof propertyValues.$inferSelect, "propertyId" | "value"> &
  Pick<typeof properties.$inferSelect, "type">;

/** The brandspace property values of a file (board property values live with board membership). */
export async function brandspacePropertyValues(db: Db, fileId: string): Promise<StoredPropertyValue[]> {
  return (await brandspacePropertyValuesOf(db, [fileId])).get(fileId) ?? [];
}

/** The brandspace property values of each file, in property position order (a file with none is absent). */
export async function brandspacePropertyValuesOf(
  db: Db,
  fileIds: string[],
): Promise<Map<string, StoredPropertyValue[]>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({
      fileId: propertyValues.fileId,
      propertyId: propertyValues.propertyId,
      type: properties.type,
      value: propertyValues.value,
    })
    .from(propertyValues)
    .innerJoin(properties, eq(properties.id, propertyValues.propertyId))
    .where(and(inArray(propertyValues.fileId, fileIds), isNull(properties.boardId)))
    .orderBy(properties.position);
  return groupedByFile(rows);
}

/** Value rows of several files, each file's in the order given. */
export function groupedByFile(
  rows: (StoredPropertyValue & { fileId: string })[],
): Map<string, StoredPropertyValue[]> {
  const byFile = new Map<string, StoredPropertyValue[]>();
  for (const { fileId, ...value } of rows) {
    const values = byFile.get(fileId);
    if (values) values.push(value);
    else byFile.set(fileId, [value]);
  }
  return byFile;
}

/**
 * Copies a version's renditions and a file's brandspace property values onto a new version and file. Board
 * values stay behind: they belong to the original's place on the board, and the copy is on no board.
 */
export async function copyVersionExtras(
  db: Db,
  from: { fileId: string; versionId: string },
  to: { fileId: string; versionId: string },
  now: Date,
) {
  const copied = await db.select().from(renditions).where(eq(renditions.versionId, from.versionId));
  if (copied.length > 0)
    await db
      .insert(renditions)
      .values(copied.map((r) => ({ ...r, versionId: to.versionId, createdAt: now })));
  const values = await db
    .select({
      fileId: propertyValues.fileId,
      propertyId: propertyValues.propertyId,
      brandspaceId: propertyValues.brandspaceId,
      value: propertyValues.value,
    })
    .from(propertyValues)
    .innerJoin(properties, eq(properties.id, propertyValues.propertyId))
    .where(and(eq(propertyValues.fileId, from.fileId), isNull(properties.boardId)));
  if (values.length > 0)
    await db.insert(propertyValues).values(values.map((v) => ({ ...v, fileId: to.fileId, updatedAt: now })));
}

export async function insertFileWithVersion(
  db: Db,
  file: typeof files.$inferInsert,
  version: typeof fileVersions.$inferInsert,
) {
  await db.insert(files).values(file);
  await db.insert(fileVersions).values(version);
}
