import type { File, FileBase, FileKind, PropertyType, PropertyValue } from "../../contract/files.ts";
import type { ServiceDeps } from "../deps.ts";
import { type ContentVariant, contentUrl } from "./file-urls.ts";
import type { FileRow, ListedFileRow, RenditionRow, StoredPropertyValue } from "./files.repository.ts";

export interface UrlContext {
  deps: ServiceDeps;
  region: string;
}

export const resolutionOf = (width: number | null, height: number | null) =>
  width && height ? `${width}x${height}` : null;

/** Whether the file's active version has this rendition among `available`. */
export function hasRendition(
  available: RenditionRow[],
  row: Pick<FileRow, "activeVersionId">,
  variant: ContentVariant,
): boolean {
  return (
    row.activeVersionId !== null &&
    available.some((r) => r.versionId === row.activeVersionId && r.kind === variant)
  );
}

/** The signed URL of a rendition of the file's active version, or null when it has none (yet). */
export function renditionUrl(
  ctx: UrlContext,
  row: Pick<ListedFileRow, "id" | "activeVersionId">,
  ready: boolean,
  variant: ContentVariant,
) {
  if (!ready || !row.activeVersionId) return null;
  return contentUrl(ctx.deps, ctx.region, { fileId: row.id, versionId: row.activeVersionId, variant });
}

/** A file's list item; `thumbnailReady` says whether its active version has a thumbnail. */
export function toFileBase(ctx: UrlContext, row: ListedFileRow, thumbnailReady: boolean): FileBase {
  return {
    object: "file",
    id: row.id,
    kind: row.kind as FileKind,
    name: row.name,
    extension: row.extension,
    mime: row.mime,
    size: row.size,
    status: row.status,
    library_id: row.libraryId,
    folder_id: row.folderId,
    external_url: row.externalUrl,
    duration_ms: row.durationMs,
    resolution: resolutionOf(row.width, row.height),
    created_at: row.createdAt.toISOString(),
    created_by_id: row.createdById,
    trashed_at: row.trashedAt?.toISOString() ?? null,
    thumbnail_url: renditionUrl(ctx, row, thumbnailReady, "thumbnail"),
    version: {
      count: row.versionCount,
      active_number: row.activeNumber,
      active_id: row.activeVersionId,
    },
  };
}

export function toFile(
  ctx: UrlContext,
  row: FileRow,
  available: RenditionRow[],
  values: StoredPropertyValue[],
): File {
  const ready = (variant: ContentVariant) => hasRendition(available, row, variant);
  const base = toFileBase(ctx, row, ready("thumbnail"));
  return {
    ...base,
    updated_at: row.updatedAt.toISOString(),
    tags: row.tags,
    published: row.published,
    renditions: {
      thumbnail_url: base.thumbnail_url,
      preview_url: renditionUrl(ctx, row, ready("preview"), "preview"),
      frames_url: renditionUrl(ctx, row, ready("frames"), "frames"),
      scrub_url: renditionUrl(ctx, row, ready("scrub"), "scrub"),
    },
    properties: values.map(toPropertyValue),
  };
}

const EMPTY_VALUE = {
  status: null,
  person: null,
  date: null,
  checkbox: null,
  text: null,
  multi_tag: null,
  tag: null,
} as const;

/** Every type's key is present and null, except the one of this value's type. */
export function toPropertyValue(stored: StoredPropertyValue): PropertyValue {
  return {
    object: "property_value",
    property_id: stored.propertyId,
    type: stored.type as PropertyType,
    ...EMPTY_VALUE,
    [stored.type]: stored.value,
  } as PropertyValue;
}

export const fileEventData = (row: Pick<FileRow, "id" | "name" | "libraryId" | "folderId" | "kind">) => ({
  object: "file",
  id: row.id,
  name: row.name,
  library_id: row.libraryId,
  folder_id: row.folderId,
  ...(row.kind === "page" ? { file_type: "canvas" } : {}),
});
