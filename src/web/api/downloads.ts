import type { z } from "zod";
import type { CreateZipDownloadBody } from "../../contract/downloads.ts";
import type { DownloadQuery } from "../../contract/files.ts";
import { createZipDownload } from "../../contract/operations/downloads.ts";
import { getFileDownload } from "../../contract/operations/files.ts";
import { call, viaBff } from "./client.ts";
import { apiQuery } from "./query.ts";

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

/** Lets the browser save a signed URL (the service sends it as an attachment). */
function save(url: string, name: string) {
  const link = document.createElement("a");
  link.href = viaBff(url) ?? url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Asks for a fresh download URL (original by default, or a version or rendition) and lets the browser save it.
 * Resolves to the file name the browser saves.
 */
export async function startDownload(fileId: string, query: Download = {}): Promise<string> {
  const answer = await call(getFileDownload, { params: { fileId }, query });
  save(answer.url, answer.name);
  return answer.name;
}

/**
 * Several files and folders as one zip, streamed by the service as the browser saves it. Resolves to the zip's
 * name and how many files it holds (pages are left out).
 */
export async function startZipDownload(body: CreateZipDownloadBody) {
  const answer = await call(createZipDownload, { body, idempotencyKey: crypto.randomUUID() });
  save(answer.url, answer.name);
  return { name: answer.name, fileCount: answer.file_count };
}
