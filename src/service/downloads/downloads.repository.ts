import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, fileVersions, type RenditionKind, renditions } from "../db/schema/index.ts";

/** A file's version with what serving its original needs, or null. */
export async function findVersionContent(db: Db, fileId: string, versionId: string) {
  const [row] = await db
    .select({
      fileName: files.name,
      brandspaceId: files.brandspaceId,
      sha256: fileVersions.blobSha256,
      size: fileVersions.size,
      mime: fileVersions.mime,
    })
    .from(fileVersions)
    .innerJoin(files, eq(files.id, fileVersions.fileId))
    .where(and(eq(fileVersions.id, versionId), eq(fileVersions.fileId, fileId)));
  return row ?? null;
}

/** One rendition of a version, or null. */
export async function findRendition(db: Db, versionId: string, kind: RenditionKind) {
  const [rendition] = await db
    .select({ sha256: renditions.blobSha256, size: renditions.size, mime: renditions.mime })
    .from(renditions)
    .where(and(eq(renditions.versionId, versionId), eq(renditions.kind, kind)));
  return rendition ?? null;
}
