import type { z } from "zod";
import type { DownloadQuery } from "../../../contract/files.ts";
import { getFile, getFileDownload, listFiles } from "../../../contract/operations/files.ts";
import { getFolder } from "../../../contract/operations/folders.ts";
import { listMembers } from "../../../contract/operations/meta.ts";
import { call, viaBff } from "../../api/client.ts";
import { apiQuery, apiQueryAll } from "../../api/query.ts";

/** A file with its extended fields; polled while its previews are being made. */
export const fileQuery = (fileId: string) => ({
  ...apiQuery(getFile, { params: { fileId } }),
  refetchInterval: (query: { state: { data?: { status: string } } }) =>
    query.state.data?.status === "processing" ? 2_000 : false,
});

export const folderPathQuery = (folderId: string) => apiQuery(getFolder, { params: { folderId } });

/** Members, to show who created a file or version (same key as the other member lists). */
export const membersQuery = () => ({ ...apiQueryAll(listMembers), staleTime: 5 * 60_000 });

/** The files around this one, for ←/→: the folder's (or library top level's) first page in the default order. */
export const siblingsQuery = (libraryId: string, folderId: string | null) =>
  apiQuery(listFiles, {
    query: folderId ? { folder_id: folderId, limit: 100 } : { library_id: libraryId, limit: 100 },
  });

type Download = z.input<typeof DownloadQuery>;

/**
 * A signed URL to stream a version or rendition (the players use it as their source). Signed URLs live 15
 * minutes: the answer is reused for 10 and then asked again.
 */
export const contentUrlQuery = (fileId: string, query: Download) => ({
  ...apiQuery(getFileDownload, { params: { fileId }, query }),
  staleTime: 10 * 60_000,
  gcTime: 10 * 60_000,
  refetchOnWindowFocus: false,
});

/** Asks for a download URL and lets the browser download it (the service sends it as an attachment). */
export async function startDownload(fileId: string, query: Download = {}): Promise<string> {
  const answer = await call(getFileDownload, { params: { fileId }, query });
  const link = document.createElement("a");
  link.href = viaBff(answer.url) ?? answer.url;
  link.download = answer.name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  return answer.name;
}

/** `"1920x1080"` → its numbers; null when absent or malformed. */
export function parseResolution(resolution: string | null): { width: number; height: number } | null {
  const match = resolution ? /^(\d+)x(\d+)$/.exec(resolution) : null;
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Pictures a browser shows by itself, so a small original can stand in for a missing preview. */
const BROWSER_IMAGES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
  "image/bmp",
]);
export const SMALL_ORIGINAL_MAX = 20 * 1024 * 1024;

export const browserShows = (mime: string) => BROWSER_IMAGES.has(mime);
