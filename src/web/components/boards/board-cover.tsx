import type { FileBase } from "../../../contract/files.ts";
import { cn } from "../../lib/cn.ts";
import { FileThumb } from "../browser/file-thumb.tsx";

/** Thumbnails a cover shows: a strip of four, the first alone at phone width (the name needs the room). */
const TILES = 4;

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
            {file && <FileThumb key={file.id} file={file} crop iconClassName="size-4" />}
          </div>
        );
      })}
    </div>
  );
}
