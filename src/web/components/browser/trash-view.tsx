import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { RotateCcw, Trash2, XCircle } from "lucide-react";
import { useCallback, useId, useMemo, useState } from "react";
import type { FileBase } from "../../../contract/files.ts";
import type { Folder } from "../../../contract/folders.ts";
import { useAccess } from "../../api/access.ts";
import { FILE_CHANGES, FOLDER_CHANGES, fileListQuery, useInvalidate } from "../../api/files.ts";
import { trashedFoldersQuery } from "../../api/folders.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { emptyTrash } from "../../api/trash.ts";
import { CLEAR_OF_SELECTION_BAR } from "../../lib/bottom-clearance.ts";
import { formatCount, formatDateTime, plural, relativeTime } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { BrowserHeader } from "./browser-header.tsx";
import { FilesError, FilesSkeleton } from "./empty-states.tsx";
import { toastBulk } from "./feedback.ts";
import { useFileActions } from "./file-actions.ts";
import { FileList } from "./file-list.tsx";
import { FolderActionsProvider, useFolderActions } from "./folder-actions.tsx";
import { FolderGlyph } from "./folder-strip.tsx";
import { SelectionBar } from "./selection-bar.tsx";
import { daysUntilPurge, TRASH_RETENTION_DAYS } from "./trash-retention.ts";
import { useSelection } from "./use-selection.ts";

const NO_FILTERS = {};

function TrashedFolderRow({ folder, libraryName }: { folder: Folder; libraryName: string }) {
  const actions = useFolderActions();
  const denial = useAccess().denial("libraries:write");
  return (
    <li
      className="flex items-center gap-3 rounded-md px-2 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-900"
      data-folder-id={folder.id}
    >
      <FolderGlyph color={folder.color} className="size-6" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">{folder.name}</p>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
          In {libraryName} · trashed{" "}
          <time dateTime={folder.trashed_at!} title={formatDateTime(folder.trashed_at!)}>
            {relativeTime(folder.trashed_at!)}
          </time>{" "}
          · deleted in {plural(daysUntilPurge(folder.trashed_at!), "day")}
        </p>
      </div>
      <GuardedButton
        variant="secondary"
        size="sm"
        denial={denial}
        aria-label={`Restore folder ${folder.name}`}
        onClick={() => void actions.restore(folder)}
      >
        <RotateCcw className="size-4" aria-hidden="true" /> Restore
      </GuardedButton>
      <GuardedButton
        variant="ghost"
        size="sm"
        denial={denial}
        aria-label={`Delete folder ${folder.name} permanently`}
        onClick={() => actions.deleteForever(folder)}
        className="text-red-700 dark:text-red-400"
      >
        <XCircle className="size-4" aria-hidden="true" /> Delete
      </GuardedButton>
    </li>
  );
}

function TrashedFolders({ names }: { names: Map<string, string> }) {
  const folders = useQuery(trashedFoldersQuery());
  const headingId = useId();
  if (folders.isPending) return <Skeleton className="mx-6 h-12" />;
  if (folders.isError || folders.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="px-6 pb-6">
      <h2 id={headingId} className="mb-1 font-semibold text-sm">
        Folders <span className="font-normal text-zinc-500 dark:text-zinc-400">{folders.data.length}</span>
      </h2>
      <ul aria-labelledby={headingId} className="divide-y divide-zinc-100 dark:divide-zinc-900">
        {folders.data.map((folder) => (
          <TrashedFolderRow
            key={folder.id}
            folder={folder}
            libraryName={names.get(folder.library_id) ?? "a library"}
          />
        ))}
      </ul>
    </section>
  );
}

/** The trash: trashed folders and files, restore, and permanent deletion after a confirmation. */
export function TrashView() {
  const access = useAccess();
  const libraries = useQuery(librariesQuery());
  const names = useMemo(() => new Map(libraries.data?.map((l) => [l.id, l.name])), [libraries.data]);
  const query = useInfiniteQuery(fileListQuery({ trashed: true }, NO_FILTERS));
  const files = useMemo(() => query.data?.pages.flatMap((p) => p.data as FileBase[]) ?? [], [query.data]);
  const selection = useSelection(files, "trash");
  const actions = useFileActions();
  const [confirming, setConfirming] = useState<FileBase[] | null>(null);
  const [emptying, setEmptying] = useState(false);
  const trashedFolders = useQuery(trashedFoldersQuery());
  const invalidate = useInvalidate();
  const folderCount = trashedFolders.data?.length ?? 0;
  const denial = access.denial("files:write", "files.delete");
  const emptyDenial = denial ?? access.denial("libraries:write");
  const restoreDenial = access.denial("files:write");
  const headingId = useId();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The focused row's actions follow its checkbox in the tab order (Tab, then Enter); the others stay out of it.
  const rowActions = (file: FileBase, focused: boolean) => (
    <>
      <Button
        variant="ghost"
        size="icon"
        tabIndex={focused ? 0 : -1}
        aria-label={`Restore ${file.name}`}
        title="Restore"
        disabled={!!restoreDenial}
        onClick={(e) => {
          e.stopPropagation();
          void actions.restore([file]);
        }}
      >
        <RotateCcw className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        tabIndex={focused ? 0 : -1}
        aria-label={`Delete ${file.name} permanently`}
        title="Delete permanently"
        disabled={!!denial}
        className="text-red-700 dark:text-red-400"
        onClick={(e) => {
          e.stopPropagation();
          setConfirming([file]);
        }}
      >
        <XCircle className="size-4" aria-hidden="true" />
      </Button>
    </>
  );

  return (
    <FolderActionsProvider>
      <div className={CLEAR_OF_SELECTION_BAR}>
        <BrowserHeader
          title="Trash"
          meta={`Trashed files and folders are deleted permanently ${TRASH_RETENTION_DAYS} days after they were trashed. Restoring a folder brings back what it contained; a restored item returns to its folder, or to its library's top level when that folder is gone.`}
          actions={
            files.length + folderCount > 0 && (
              <GuardedButton
                variant="secondary"
                denial={emptyDenial}
                className="text-red-700 dark:text-red-400"
                onClick={() => setEmptying(true)}
              >
                <Trash2 className="size-4" aria-hidden="true" /> Empty trash…
              </GuardedButton>
            )
          }
        />
        <TrashedFolders names={names} />
        <section aria-labelledby={headingId} className="px-6">
          <h2 id={headingId} className="mb-1 font-semibold text-sm">
            Files{" "}
            {!query.isPending && (
              <span className="font-normal text-zinc-500 dark:text-zinc-400">
                {formatCount(files.length)}
                {hasNextPage ? "+" : ""}
              </span>
            )}
          </h2>
          {query.isPending ? (
            <FilesSkeleton view="list" />
          ) : query.isError && files.length === 0 ? (
            <FilesError error={query.error} onRetry={() => void query.refetch()} />
          ) : files.length === 0 ? (
            <p
              className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400"
              data-testid="trash-empty"
            >
              No files in the trash.
            </p>
          ) : (
            <FileList
              files={files}
              selection={selection}
              hasMore={!!hasNextPage}
              loadingMore={isFetchingNextPage}
              onLoadMore={loadMore}
              label="Trashed files"
              libraryNames={names}
              onDelete={denial ? undefined : (items) => setConfirming(items)}
              trash={{ actions: rowActions }}
            />
          )}
        </section>
      </div>
      <SelectionBar count={selection.ids.size} onClear={selection.clear}>
        <GuardedButton
          variant="ghost"
          size="sm"
          denial={restoreDenial}
          onClick={() => void actions.restore(selection.items)}
        >
          <RotateCcw className="size-4" aria-hidden="true" /> Restore
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          size="sm"
          denial={denial}
          className="text-red-700 dark:text-red-400"
          onClick={() => setConfirming(selection.items)}
        >
          <XCircle className="size-4" aria-hidden="true" /> Delete permanently
        </GuardedButton>
      </SelectionBar>
      {emptying && (
        <ConfirmDialog
          open
          onOpenChange={() => setEmptying(false)}
          title="Empty the trash?"
          confirmLabel="Empty trash"
          danger
          onConfirm={async () => {
            const progress = toast.loading("Emptying the trash…");
            try {
              const result = await emptyTrash((count) =>
                toast.loading(`Emptying the trash… ${plural(count, "item")} deleted`, { id: progress }),
              );
              toastBulk(result, {
                done: (n) => `Deleted ${plural(n, "item")} permanently`,
                failed: "Could not delete",
              });
            } finally {
              toast.dismiss(progress);
              await invalidate([...FILE_CHANGES, ...FOLDER_CHANGES]);
            }
            setEmptying(false);
          }}
        >
          {[
            files.length > 0 && plural(files.length, "file") + (hasNextPage ? " and more" : ""),
            folderCount > 0 && `${plural(folderCount, "folder")} with what they contain`,
          ]
            .filter(Boolean)
            .join(", ")}{" "}
          are deleted permanently now, with all their versions, instead of after {TRASH_RETENTION_DAYS} days.
          This cannot be undone.
        </ConfirmDialog>
      )}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={() => setConfirming(null)}
          title={
            confirming.length === 1
              ? `Delete “${confirming[0]!.name}” permanently?`
              : `Delete ${plural(confirming.length, "file")} permanently?`
          }
          confirmLabel="Delete permanently"
          danger
          onConfirm={async () => {
            await actions.deleteForever(confirming);
            setConfirming(null);
          }}
        >
          {confirming.length === 1 ? "The file and all its versions" : "These files and all their versions"}{" "}
          are deleted now instead of after {TRASH_RETENTION_DAYS} days. This cannot be undone.
        </ConfirmDialog>
      )}
    </FolderActionsProvider>
  );
}
