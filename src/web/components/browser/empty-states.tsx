import { FolderOpen, SearchX, Upload } from "lucide-react";
import { errorMessage } from "../../api/error-message.ts";
import { Button } from "../ui/button.tsx";

export function FilesSkeleton({ view }: { view: "grid" | "list" }) {
  return (
    <div role="status" aria-label="Loading files" aria-busy="true">
      {view === "grid" ? (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(188px,1fr))] gap-3">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} aria-hidden="true" className="p-1.5">
              <div className="skeleton aspect-[4/3] w-full rounded-md" />
              <div className="skeleton mt-2 h-4 w-3/4" />
              <div className="skeleton mt-1.5 h-3 w-1/2" />
            </div>
          ))}
        </div>
      ) : (
        <div className="space-y-2 pt-10">
          {Array.from({ length: 10 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} aria-hidden="true" className="flex h-10 items-center gap-3 px-2">
              <div className="skeleton size-9" />
              <div className="skeleton h-4 w-1/3" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

export function FilesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-md py-16 text-center">
      <h2 className="font-semibold">The files could not be loaded</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{errorMessage(error)}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** No files: a filter or search matched none, or the place is empty (then say how to fill it). */
export function EmptyFiles({
  filtered,
  query,
  scope,
  trashed,
  inFolders,
  onClear,
  clears = "filters",
}: {
  filtered: boolean;
  query?: string;
  scope: "library" | "folder" | "all";
  trashed: boolean;
  /** The place has folders (with or without files in them) above its own files. */
  inFolders: boolean;
  /** Clears the filters when there are some, else the search: the button says which. */
  onClear: () => void;
  clears?: "filters" | "search";
}) {
  if (filtered) {
    return (
      <div className="mx-auto max-w-md py-16 text-center" data-testid="empty-filtered">
        <SearchX className="mx-auto size-10 text-zinc-400" aria-hidden="true" />
        <h2 className="mt-3 font-semibold">
          {query ? `No files match “${query}”` : "No files match these filters"}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Try other words or fewer filters.</p>
        <Button className="mt-4" variant="secondary" onClick={onClear}>
          {clears === "search" ? "Clear search" : "Clear filters"}
        </Button>
      </div>
    );
  }
  const [title, text] = trashed
    ? ["This folder is in the trash", "Restore it to see its files."]
    : scope === "all"
      ? ["No files yet", "Open a library to upload files, or drop them on it."]
      : inFolders
        ? [
            scope === "folder" ? "No files directly in this folder" : "No files at the top level",
            "Open a folder above, or drop files here or upload to add them here.",
          ]
        : [
            scope === "folder" ? "This folder is empty" : "This library is empty",
            "Drop files here or upload.",
          ];
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center rounded-xl border-2 border-zinc-200 border-dashed px-6 py-14 text-center dark:border-zinc-800"
      data-testid="empty-folder"
    >
      {scope === "all" ? (
        <FolderOpen className="size-10 text-zinc-400" aria-hidden="true" />
      ) : (
        <Upload className="size-10 text-zinc-400" aria-hidden="true" />
      )}
      <h2 className="mt-3 font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
    </div>
  );
}
