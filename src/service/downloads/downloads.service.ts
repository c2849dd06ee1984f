import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, fileVersions, renditions } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { requireFile } from "../files/file-access.ts";
import { type ContentVariant, contentPath, contentUrl } from "../files/file-urls.ts";
import { type AuthContext, hasPermission } from "../platform/auth.ts";
import { forbidden, notFound } from "../platform/errors.ts";
import { verifySignedPath } from "../platform/signed-urls.ts";

/** Download URLs live 15 minutes (decisions document). */
const DOWNLOAD_TTL_MS = 15 * 60_000;

const EXTENSION_OF_MIME: Record<string, string> = {
  "image/webp": "webp",
  "image/avif": "avif",
  "image/jpeg": "jpg",
  "image/png": "png",
  "video/mp4": "mp4",
};

export interface ServedContent {
  sha256: string;
  size: number;
  mime: string;
  fileName: string;
  /** Originals are always attachments; our own renditions may be shown inline. */
  attachment: boolean;
}

/** What a variant of a version is: the original bytes or one of its renditions; null when it does not exist. */
async function resolveVariant(db: Db, fileId: string, versionId: string, variant: ContentVariant) {
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
  if (!row) return null;
  if (variant === "original") return { ...row, attachment: true };
  const [rendition] = await db
    .select({ sha256: renditions.blobSha256, size: renditions.size, mime: renditions.mime })
    .from(renditions)
    .where(and(eq(renditions.versionId, versionId), eq(renditions.kind, variant)));
  if (!rendition) return null;
  const stem = row.fileName.replace(/\.[^.]*$/, "");
  const fileName = `${stem}-${variant}.${EXTENSION_OF_MIME[rendition.mime] ?? "bin"}`;
  return { ...rendition, fileName, brandspaceId: row.brandspaceId, attachment: false };
}

/** A signed URL for a file's version (active by default) or rendition, valid for 15 minutes. */
export async function issueDownloadUrl(
  db: Db,
  deps: ServiceDeps,
  auth: AuthContext,
  fileId: string,
  options: { version_id?: string; rendition?: "original" | "preview" | "thumbnail" },
) {
  const file = await requireFile({ db, auth }, fileId, "view");
  if (!hasPermission(auth, "files.download")) throw forbidden("Your role cannot download files.");
  const versionId = options.version_id ?? file.activeVersionId;
  const variant: ContentVariant = options.rendition ?? "original";
  const content = versionId ? await resolveVariant(db, file.id, versionId, variant) : null;
  if (!content || !versionId)
    throw notFound(options.version_id ? "version" : variant === "original" ? "version" : "rendition");
  const expiresAt = new Date(Date.now() + DOWNLOAD_TTL_MS);
  const name = variant === "original" ? file.name : content.fileName;
  const url =
    deps.blobs.presignedGetUrl && variant === "original"
      ? await deps.blobs.presignedGetUrl(content.sha256, {
          expiresInSeconds: DOWNLOAD_TTL_MS / 1000,
          fileName: name,
          contentType: content.mime,
        })
      : contentUrl(deps, auth.brandspace.region, { fileId: file.id, versionId, variant }, expiresAt);
  return {
    object: "download_url" as const,
    url,
    expires_at: expiresAt.toISOString(),
    file_id: file.id,
    version_id: versionId,
    name,
    size: content.size,
    mime: content.mime,
  };
}

/** Checks a content URL's signature and finds what it names; 404 when it names nothing. */
export async function resolveSignedContent(
  db: Db,
  deps: ServiceDeps,
  params: { fileId: string; versionId: string; variant: ContentVariant },
  query: { expires: string; signature: string },
): Promise<ServedContent & { expiresAt: Date }> {
  verifySignedPath(
    deps.keyring.key("download"),
    contentPath(params.fileId, params.versionId, params.variant),
    query,
  );
  const content = await resolveVariant(db, params.fileId, params.versionId, params.variant);
  if (!content) throw notFound("content");
  return { ...content, expiresAt: new Date(Number(query.expires) * 1000) };
}
