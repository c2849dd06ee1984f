import type { FastifyReply, FastifyRequest } from "fastify";
import type { CreateZipDownloadBody } from "../../contract/downloads.ts";
import { SHARING_LIMITS } from "../../contract/sharing.ts";
import { touchBlobs } from "../content/content.repository.ts";
import type { ServiceDeps } from "../deps.ts";
import { requirePermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { ApiError, conflict, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { signPath, verifySignedPath } from "../platform/signed-urls.ts";
import { EntryNames } from "../transfers/entry-names.ts";
import { type ItemSnapshot, snapshotItems } from "../transfers/item-snapshot.ts";
import { DOWNLOAD_TTL_MS } from "./downloads.service.ts";
import { sendZip } from "./send-zip.ts";
import * as repo from "./zip-downloads.repository.ts";

const zipPath = (zipId: string) => `/v1/download-zips/${zipId}`;

const TOO_MANY = `This selection holds more than ${SHARING_LIMITS.zipFilesMax} files: download them one by one.`;

/** The zip's file name: a folder or library asked for alone keeps its name; anything else is counted. */
function zipName(
  ids: { fileIds: string[]; folderIds: string[]; libraryIds: string[] },
  snapshot: ItemSnapshot,
) {
  const [root] = snapshot.folders;
  if (ids.fileIds.length === 0 && ids.folderIds.length + ids.libraryIds.length === 1 && root)
    return `${root.name}.zip`;
  return `${snapshot.files.length} ${snapshot.files.length === 1 ? "file" : "files"}.zip`;
}

/**
 * A 15-minute signed URL of one zip of files (at its top), folders and libraries (each with all it holds), counted
 * once on the `downloads` counter by its operation. The entries are a snapshot taken now, each file with its active
 * version's bytes, kept until the URL expires; pages are left out. An invisible or trashed id is 404 and nothing is
 * issued.
 */
export async function issueZipDownload(ctx: ServiceContext, body: CreateZipDownloadBody) {
  const { db, deps, auth } = ctx;
  // Checked first: a role that may download nothing learns nothing about the ids it sent.
  requirePermission(auth, "files.download", "download files");
  const ids = {
    fileIds: [...new Set(body.file_ids ?? [])],
    folderIds: [...new Set(body.folder_ids ?? [])],
    libraryIds: [...new Set(body.library_ids ?? [])],
  };
  // A page is blocks, not bytes: left out wherever it is, as a share's zip leaves it out.
  const snapshot = await snapshotItems(ctx, ids, new EntryNames([]), () => {});
  if (snapshot.files.length === 0) throw conflict("Nothing to download: pages have no file to put in a zip.");
  if (snapshot.files.length > SHARING_LIMITS.zipFilesMax)
    throw conflict(TOO_MANY, { file_limit: SHARING_LIMITS.zipFilesMax });

  const now = new Date();
  const expiresAt = new Date(now.getTime() + DOWNLOAD_TTL_MS);
  const id = newId("zipDownload");
  const name = zipName(ids, snapshot);
  const size = snapshot.files.reduce((sum, file) => sum + file.size, 0);
  await repo.insertZipDownload(db, {
    id,
    brandspaceId: auth.brandspace.id,
    name,
    entries: {
      files: snapshot.files.map(({ path, name, size, blobSha256 }) => ({ path, name, size, blobSha256 })),
      folders: snapshot.folders,
    },
    fileCount: snapshot.files.length,
    size,
    createdAt: now,
    expiresAt,
  });
  // The bytes must outlive the URL: each use restarts the blob reclaim's grace period.
  await touchBlobs(db, snapshot.files);
  const host = regionalUrlOf(deps.config, auth.brandspace.region);
  return {
    object: "download_url" as const,
    url: `${host}${signPath(deps.keyring.key("download"), zipPath(id), expiresAt)}`,
    expires_at: expiresAt.toISOString(),
    name,
    mime: "application/zip" as const,
    file_count: snapshot.files.length,
    size,
  };
}

/**
 * Streams a zip download's stored entries at its signed URL (flat memory: each file is opened when the writer
 * reaches it). No Range: the zip is built as it is sent. A row deleted by the cleanup job is 404.
 */
export async function serveZipDownload(
  deps: ServiceDeps,
  params: { zipId: string; expires: string; signature: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  verifySignedPath(deps.keyring.key("download"), zipPath(params.zipId), params);
  const zip = await repo.findZipDownload(deps.db, params.zipId);
  if (!zip) throw notFound("download");
  if (zip.expiresAt.getTime() < Date.now())
    throw new ApiError("expired", "This link has expired; ask the API for a new one.");
  return sendZip(
    deps.blobs,
    { request, reply },
    { name: zip.name, entries: zip.entries, mtime: zip.createdAt, expires: params.expires },
  );
}
