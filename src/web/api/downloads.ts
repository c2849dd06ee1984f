import type { z } from "zod";
import type { DownloadQuery } from "../../contract/files.ts";
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

/**
 * Asks for a fresh download URL (original by default, or a version or rendition) and lets the browser save it
 * (the service sends it as an attachment). Resolves to the file name the browser saves.
 */
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
