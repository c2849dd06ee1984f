import {
  FileArchive,
  FileAudio,
  File as FileIcon,
  FileImage,
  FileText,
  FileType,
  FileVideo,
  type LucideIcon,
  Newspaper,
} from "lucide-react";
import { useState } from "react";
import type { FileBase, FileKind } from "../../../contract/files.ts";
import { viaBff } from "../../api/client.ts";
import { cn } from "../../lib/cn.ts";

const KIND_ICONS: Record<FileKind, LucideIcon> = {
  image: FileImage,
  video: FileVideo,
  audio: FileAudio,
  document: FileText,
  page: Newspaper,
  archive: FileArchive,
  font: FileType,
  other: FileIcon,
};

export const KIND_LABELS: Record<FileKind, string> = {
  image: "Images",
  video: "Videos",
  audio: "Audio",
  document: "Documents",
  page: "Pages",
  archive: "Archives",
  font: "Fonts",
  other: "Other",
};

/** One file's kind, for the list's Kind column. */
export const KIND_NAMES: Record<FileKind, string> = {
  image: "Image",
  video: "Video",
  audio: "Audio",
  document: "Document",
  page: "Page",
  archive: "Archive",
  font: "Font",
  other: "Other",
};

export function KindIcon({ kind, className }: { kind: FileKind; className?: string }) {
  const Icon = KIND_ICONS[kind];
  return <Icon className={className} aria-hidden="true" />;
}

/**
 * A file's thumbnail in a box its parent sizes: the kind's icon over a shimmer until the image arrives, the
 * icon alone when there is no thumbnail (yet) or it fails to load. `crop` fills the box (a board's cover strip)
 * instead of fitting the whole picture in it.
 */
export function FileThumb({
  file,
  iconClassName,
  crop = false,
}: {
  file: Pick<FileBase, "kind" | "thumbnail_url">;
  iconClassName?: string;
  crop?: boolean;
}) {
  const src = viaBff(file.thumbnail_url);
  // Keyed by URL, so that a thumbnail arriving after processing (or a re-signed URL) loads afresh.
  const [settled, setSettled] = useState<{ src: string; ok: boolean } | null>(null);
  const state = settled?.src !== src ? "loading" : settled?.ok ? "loaded" : "failed";
  const showImage = src && state !== "failed";
  return (
    <div className="relative flex size-full items-center justify-center overflow-hidden bg-zinc-100 dark:bg-zinc-800/70">
      {showImage && state === "loading" && <div aria-hidden="true" className="skeleton absolute inset-0" />}
      {(!showImage || state === "loading") && (
        <KindIcon
          kind={file.kind}
          className={cn("relative text-zinc-400 dark:text-zinc-500", iconClassName ?? "size-8")}
        />
      )}
      {showImage && (
        <img
          key={src}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setSettled({ src, ok: true })}
          onError={() => setSettled({ src, ok: false })}
          className={cn(
            "transparency-grid absolute inset-0 transition-opacity duration-200",
            // Sized to the picture (centred, never enlarged), so the grid shows through its transparent parts only.
            crop ? "size-full object-cover" : "m-auto max-h-full max-w-full",
            state === "loaded" ? "opacity-100" : "opacity-0",
          )}
        />
      )}
    </div>
  );
}
