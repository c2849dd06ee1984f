import { useState } from "react";
import type { FileBase } from "../../../contract/files.ts";
import { viaBff } from "../../api/client.ts";
import { cn } from "../../lib/cn.ts";
import { KindIcon } from "../browser/file-thumb.tsx";

/** Thumbnails a cover shows: a strip of four, the first alone at phone width (the name needs the room). */
const TILES = 4;

/** One file of a cover, cropped to its square; the kind's icon when it has no thumbnail or it fails to load. */
function CoverTile({ file }: { file: FileBase }) {
  const src = viaBff(file.thumbnail_url);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <span className="flex size-full items-center justify-center">
        <KindIcon kind={file.kind} className="size-4 text-zinc-400 dark:text-zinc-500" />
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
      className="transparency-grid size-full object-cover"
    />
  );
}

/**
 * A board's first files as a strip of thumbnails, in the board's order; neutral squares until they are known
 * (`files` undefined), dashed ones where a small board has no more. Decoration: the row's count says it in words.
 */
export function BoardCover({ files }: { files: FileBase[] | undefined }) {
  return (
    <div aria-hidden="true" className="flex shrink-0 gap-1">
      {Array.from({ length: TILES }, (_, index) => {
        const file = files?.[index];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a slot of the strip; its file changes, the slot does not
            key={index}
            className={cn(
              "size-10 overflow-hidden rounded-md",
              index > 0 && "hidden sm:block",
              files && !file
                ? "border border-zinc-300 border-dashed dark:border-zinc-700"
                : "bg-zinc-100 dark:bg-zinc-800",
            )}
          >
            {file && <CoverTile key={file.id} file={file} />}
          </div>
        );
      })}
    </div>
  );
}
