import contentDisposition from "content-disposition";
import { toItemName } from "../../contract/item-name.ts";

/**
 * The file's name: the one asked for, else the server's `Content-Disposition` (filename* first, RFC 6266), else
 * the URL's last path segment, decoded; made valid by the one naming rule.
 */
export function importName(asked: string | null, disposition: string | undefined, url: URL): string {
  if (asked) return asked;
  if (disposition) {
    try {
      const { parameters } = contentDisposition.parse(disposition);
      if (parameters.filename) return toItemName(parameters.filename);
    } catch {
      // A malformed header names nothing; the URL still may.
    }
  }
  const segment = url.pathname.split("/").filter(Boolean).pop() ?? "";
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Stray % signs: keep the segment as it is.
  }
  return toItemName(decoded || url.hostname, "download");
}
