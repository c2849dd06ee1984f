import type { Db } from "../db/client.ts";
import { requireFile } from "../files/file-access.ts";
import { type ContentVariant, contentPath, contentUrl } from "../files/file-urls.ts";
import type { FileRow } from "../files/files.repository.ts";
import { hasPermission } from "../platform/auth.ts";
import type { ServiceContext, SystemContext } from "../platform/context.ts";
import { conflict, forbidden, notFound } from "../platform/errors.ts";
import { verifySignedPath } from "../platform/signed-urls.ts";
import * as repo from "./downloads.repository.ts";

/** Download URLs live 15 minutes (decisions document). */
export const DOWNLOAD_TTL_MS = 15 * 60_000;

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
  /** Sent as `Content-Disposition: attachment`; a picture in an `<img>` or `<video>` still shows. */
  fileName: string;
}

/** What a variant of a version is: the original bytes or one of its renditions; null when it does not exist. */
export async function resolveVariant(db: Db, fileId: string, versionId: string, variant: ContentVariant) {
  const row = await repo.findVersionContent(db, fileId, versionId);
  if (!row) return null;
  if (variant === "original") return row;
  const rendition = await repo.findRendition(db, versionId, variant);
  if (!rendition) return null;
  const stem = row.fileName.replace(/\.[^.]*$/, "");
  const fileName = `${stem}-${variant}.${EXTENSION_OF_MIME[rendition.mime] ?? "bin"}`;
  return { ...rendition, fileName, brandspaceId: row.brandspaceId };
}

type DownloadOptions = { version_id?: string; rendition?: "original" | "preview" | "thumbnail" };

/**
 * What a download of a file the caller may see sends: its version (active by default) or rendition, named, with the
 * moment its URL will expire. The caller's role must allow downloads; a page has no bytes (409).
 */
export async function describeDownload(ctx: ServiceContext, file: FileRow, options: DownloadOptions) {
  if (!hasPermission(ctx.auth, "files.download")) throw forbidden("Your role cannot download files.");
  // A page is blocks, not bytes (the same 409 as its copy).
  if (file.kind === "page") throw conflict("A page has no file to download.");
  const versionId = options.version_id ?? file.activeVersionId;
  const variant: ContentVariant = options.rendition ?? "original";
  const content = versionId ? await resolveVariant(ctx.db, file.id, versionId, variant) : null;
  if (!content || !versionId)
    throw notFound(options.version_id ? "version" : variant === "original" ? "version" : "rendition");
  return {
    versionId,
    variant,
    content,
    name: variant === "original" ? file.name : content.fileName,
    expiresAt: new Date(Date.now() + DOWNLOAD_TTL_MS),
  };
}

/** The `download_url` answer of a described download at `url`. */
export function downloadAnswer(
  file: FileRow,
  { versionId, content, name, expiresAt }: Awaited<ReturnType<typeof describeDownload>>,
  url: string,
) {
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

/** A signed URL for a file's version (active by default) or rendition, valid for 15 minutes. */
export async function issueDownloadUrl(
  ctx: ServiceContext,
  { fileId, ...options }: { fileId: string } & DownloadOptions,
) {
  const { deps, auth } = ctx;
  const file = await requireFile(ctx, fileId, "view");
  const download = await describeDownload(ctx, file, options);
  const { versionId, variant, content, name, expiresAt } = download;
  const url =
    deps.blobs.presignedGetUrl && variant === "original"
      ? await deps.blobs.presignedGetUrl(content.sha256, {
          expiresInSeconds: DOWNLOAD_TTL_MS / 1000,
          fileName: name,
          contentType: content.mime,
        })
      : contentUrl(deps, auth.brandspace.region, { fileId: file.id, versionId, variant }, expiresAt);
  return downloadAnswer(file, download, url);
}

/** Checks a content URL's signature and finds what it names; 404 when it names nothing. */
export async function resolveSignedContent(
  { db, deps }: SystemContext,
  {
    fileId,
    versionId,
    variant,
    ...signed
  }: { fileId: string; versionId: string; variant: ContentVariant; expires: string; signature: string },
): Promise<ServedContent & { expiresAt: Date }> {
  verifySignedPath(deps.keyring.key("download"), contentPath(fileId, versionId, variant), signed);
  const content = await resolveVariant(db, fileId, versionId, variant);
  if (!content) throw notFound("content");
  return { ...content, expiresAt: new Date(Number(signed.expires) * 1000) };
}
