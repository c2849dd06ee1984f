import { Download, ExternalLink } from "lucide-react";
import type { File } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { viaBff } from "../../api/client.ts";
import { startDownload } from "../../api/downloads.ts";
import { errorMessage } from "../../api/error-message.ts";
import { formatBytes } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { GuardedButton } from "../ui/guarded-button.tsx";

type Rendition = "original" | "preview" | "thumbnail";

/** Downloads a rendition through a fresh signed URL, with a toast either way. */
export async function download(file: File, rendition: Rendition, versionId?: string) {
  try {
    const name = await startDownload(file.id, {
      ...(rendition === "original" ? {} : { rendition }),
      ...(versionId ? { version_id: versionId } : {}),
    });
    toast.success(`Downloading “${name}”`);
  } catch (failure) {
    toast.error(errorMessage(failure));
  }
}

const ROW = "flex items-center justify-between gap-2 py-1.5";
const LINK =
  "inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 font-medium text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800";

/** What the service made of the file, each with a download (or, for the video helpers, an open) link. */
export function RenditionsList({ file }: { file: File }) {
  const denial = useAccess().denial("files:read", "files.download");
  const { renditions } = file;
  const downloads: { rendition: Rendition; label: string; detail: string }[] = [
    {
      rendition: "original",
      label: "Original",
      detail: `${file.extension.toUpperCase()} · ${formatBytes(file.size)}`,
    },
    ...(renditions.preview_url
      ? [{ rendition: "preview" as const, label: "Preview", detail: "WebP, up to 2048 px" }]
      : []),
    ...(renditions.thumbnail_url
      ? [{ rendition: "thumbnail" as const, label: "Thumbnail", detail: "WebP, up to 400 px" }]
      : []),
  ];
  const helpers = [
    { url: renditions.frames_url, label: "Frames sprite", detail: "Frames for the seek bar" },
    { url: renditions.scrub_url, label: "Scrub proxy", detail: "Low-bitrate MP4, no sound" },
  ].filter((helper) => helper.url);
  return (
    <ul aria-label="Renditions" className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {downloads.map(({ rendition, label, detail }) => (
        <li key={rendition} className={ROW}>
          <div className="min-w-0">
            <p className="font-medium text-sm">{label}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{detail}</p>
          </div>
          <GuardedButton
            denial={denial}
            variant="ghost"
            size="sm"
            aria-label={`Download ${label.toLowerCase()}`}
            onClick={() => void download(file, rendition)}
          >
            <Download className="size-4" aria-hidden="true" /> Download
          </GuardedButton>
        </li>
      ))}
      {helpers.map(({ url, label, detail }) => (
        <li key={label} className={ROW}>
          <div className="min-w-0">
            <p className="font-medium text-sm">{label}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{detail}</p>
          </div>
          <a
            href={viaBff(url)}
            target="_blank"
            rel="noreferrer"
            className={LINK}
            aria-label={`Open ${label.toLowerCase()}`}
          >
            <ExternalLink className="size-4" aria-hidden="true" /> Open
          </a>
        </li>
      ))}
    </ul>
  );
}
