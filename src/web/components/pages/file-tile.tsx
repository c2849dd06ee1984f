import type { FileKind } from "../../../contract/files.ts";
import { KindIcon } from "../browser/file-thumb.tsx";

/** A file of a page's grid or board gallery: its thumbnail and name, a button that opens it in the viewer. */
export function FileTile({
  name,
  kind,
  thumbnail,
  onOpen,
}: {
  name: string;
  kind: FileKind;
  thumbnail: string | undefined;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      className="block w-full cursor-zoom-in overflow-hidden rounded-md bg-zinc-100 text-left transition-colors hover:bg-zinc-200 dark:bg-zinc-800 dark:hover:bg-zinc-700"
    >
      {thumbnail ? (
        <img src={thumbnail} alt="" loading="lazy" className="aspect-square w-full object-scale-down" />
      ) : (
        <span className="flex aspect-square items-center justify-center">
          <KindIcon kind={kind} className="size-8 text-zinc-400 dark:text-zinc-500" />
        </span>
      )}
      <span className="block truncate px-2 py-1 text-xs">{name}</span>
    </button>
  );
}
