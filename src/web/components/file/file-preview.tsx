import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, FileText, Loader2, Music } from "lucide-react";
import { useRef } from "react";
import type { File } from "../../../contract/files.ts";
import { viaBff } from "../../api/client.ts";
import { contentUrlQuery } from "../../api/downloads.ts";
import { formatDuration } from "../../lib/format.ts";
import { useReview } from "../review/review-context.tsx";
import { usePlayerForReview } from "../review/use-player-for-review.ts";
import { ImageViewer } from "./image-viewer.tsx";
import { browserShows, SMALL_ORIGINAL_MAX } from "./media.ts";
import { VideoPlayer } from "./video-player.tsx";

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex h-full min-h-0 flex-col items-center justify-center gap-4 p-6 text-center">
      {children}
    </div>
  );
}

function Note({ children, tone = "muted" }: { children: React.ReactNode; tone?: "muted" | "warn" }) {
  return (
    <p
      className={
        tone === "warn"
          ? "text-amber-800 text-sm dark:text-amber-300"
          : "text-sm text-zinc-600 dark:text-zinc-400"
      }
    >
      {children}
    </p>
  );
}

function AudioPlayer({ file }: { file: File }) {
  const playable = document.createElement("audio").canPlayType(file.mime) !== "";
  const element = useRef<HTMLAudioElement>(null);
  usePlayerForReview(useReview(), element);
  const source = useQuery({
    ...contentUrlQuery(file.id, { version_id: file.version.active_id ?? undefined }),
    enabled: playable,
  });
  const cover = viaBff(file.thumbnail_url);
  return (
    <Centered>
      {cover ? (
        <img src={cover} alt="" className="size-48 rounded-lg object-cover shadow" />
      ) : (
        <div className="flex size-40 items-center justify-center rounded-lg bg-accent-50 dark:bg-accent-700/30">
          <Music className="size-16 text-accent-600 dark:text-accent-500" aria-hidden="true" />
        </div>
      )}
      <p className="font-medium">{file.name}</p>
      {file.duration_ms !== null && <Note>{formatDuration(file.duration_ms)}</Note>}
      {playable ? (
        // biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks
        <audio
          ref={element}
          controls
          preload="metadata"
          src={source.data ? viaBff(source.data.url) : undefined}
          aria-label={file.name}
          className="w-full max-w-md"
        />
      ) : (
        <Note>This browser cannot play {file.mime}: download the file to listen to it.</Note>
      )}
    </Centered>
  );
}

function stillNote(file: File, pictured: boolean): string {
  if (!pictured) return "There is no preview of this kind of file: download it to open it.";
  return file.kind === "document"
    ? "The first page is shown: download the file to see all of it."
    : "Download the file to open it.";
}

/** Documents, pages, archives, fonts: their rendered first page or thumbnail, if any, and a way to get the file. */
function StillPreview({ file }: { file: File }) {
  const picture = viaBff(file.renditions.preview_url) ?? viaBff(file.thumbnail_url);
  return (
    <Centered>
      {picture ? (
        <img
          src={picture}
          alt={file.name}
          className="max-h-[calc(100%-4rem)] max-w-full rounded bg-white object-contain shadow-lg ring-1 ring-zinc-200 dark:ring-zinc-700"
        />
      ) : (
        <FileText className="size-20 text-zinc-400" aria-hidden="true" />
      )}
      <Note>{stillNote(file, picture !== undefined)}</Note>
    </Centered>
  );
}

/** The large preview of the file page, by kind, with its processing and failed states. */
export function FilePreview({ file }: { file: File }) {
  if (file.status === "processing" && !file.renditions.preview_url) {
    const thumbnail = viaBff(file.thumbnail_url);
    return (
      <Centered>
        {thumbnail && <img src={thumbnail} alt="" className="max-h-64 rounded opacity-60" />}
        <div role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Making previews… this page updates by
          itself.
        </div>
      </Centered>
    );
  }
  if (file.kind === "video") return <VideoPlayer file={file} />;
  if (file.kind === "audio") return <AudioPlayer file={file} />;
  if (file.kind === "image") {
    const shown =
      file.renditions.preview_url ||
      file.thumbnail_url ||
      (browserShows(file.mime) && file.size <= SMALL_ORIGINAL_MAX);
    if (!shown) return file.status === "failed" ? <FailedPreview /> : <StillPreview file={file} />;
    return <ImageViewer file={file} />;
  }
  if (file.status === "failed") return <FailedPreview />;
  return <StillPreview file={file} />;
}

function FailedPreview() {
  return (
    <Centered>
      <AlertTriangle className="size-10 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <Note tone="warn">
        No preview could be made of this file. Its content is stored: download it to open it.
      </Note>
    </Centered>
  );
}
