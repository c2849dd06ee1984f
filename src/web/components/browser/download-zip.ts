import type { CreateZipDownloadBody } from "../../../contract/downloads.ts";
import { startZipDownload } from "../../api/downloads.ts";
import { errorMessage } from "../../api/error-message.ts";
import { toast } from "../../lib/toast.ts";

/** A folder or library with everything in it as one zip, named after it; the outcome is toasted. */
export async function downloadAsZip(body: CreateZipDownloadBody, name: string) {
  try {
    const zip = await startZipDownload(body);
    toast.success(`Downloading ${zip.name}`);
  } catch (error) {
    toast.error(`“${name}” could not be downloaded: ${errorMessage(error)}`);
  }
}
