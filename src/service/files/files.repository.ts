import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, properties, propertyValues, renditions } from "../db/schema/index.ts";

export const fileColumns = {
  id: files.id,
  brandspaceId: files.brandspaceId,
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
  tags: files.tags,
  published: files.published,
  createdById: files.createdById,
  createdAt: files.createdAt,
  updatedAt: files.updatedAt,
  trashedAt: files.trashedAt,
  hiddenBy: files.hiddenBy,
};
export type FileRow = {
  id: string;
  brandspaceId: string;
  libraryId: string;
  folderId: string | null;
  name: string;
  extension: string;
  kind: string;
  mime: string;
  size: number;
  status: "processing" | "ready" | "failed";
  durationMs: number | null;
  width: number | null;
  height: number | null;
  activeVersionId: string | null;
  activeNumber: number;
  versionCount: number;
  externalUrl: string | null;
  tags: string[];
  published: boolean;
  createdById: string;
  createdAt: Date;
  updatedAt: Date;
  trashedAt: Date | null;
  hiddenBy: string | null;
};

export const activeFile = and(isNull(files.trashedAt), isNull(files.hiddenBy))!;

export async function findFile(db: Db, brandspaceId: string, id: string): Promise<FileRow | null> {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.brandspaceId, brandspaceId), eq(files.id, id)));
  return (row as FileRow | undefined) ?? null;
}

export type RenditionRow = {
  versionId: string;
  kind: string;
  mime: string;
  width: number | null;
  height: number | null;
};

/** Renditions of many versions in one query (a listing page's thumbnails). */
export async function renditionsOf(db: Db, versionIds: string[]): Promise<RenditionRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .select({
      versionId: renditions.versionId,
      kind: renditions.kind,
      mime: renditions.mime,
      width: renditions.width,
      height: renditions.height,
    })
    .from(renditions)
    .where(inArray(renditions.versionId, versionIds));
}

export type StoredPropertyValue = { propertyId: string; type: string; value: unknown };

/** The brandspace property values of a file (board property values live with board membership). */
export async function brandspacePropertyValues(db: Db, fileId: string): Promise<StoredPropertyValue[]> {
  return db
    .select({ propertyId: propertyValues.propertyId, type: properties.type, value: propertyValues.value })
    .from(propertyValues)
    .innerJoin(properties, eq(properties.id, propertyValues.propertyId))
    .where(and(eq(propertyValues.fileId, fileId), isNull(properties.boardId)))
    .orderBy(properties.position);
}
