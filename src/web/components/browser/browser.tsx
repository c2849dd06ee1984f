import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useCallback, useMemo } from "react";
import type { FileBase, ListedFile } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { FILE_PAGE_SIZE, type FileScope, fileListInput, fileListQuery } from "../../api/files.ts";
import { membersQuery } from "../../api/meta.ts";
import { propertiesQuery } from "../../api/properties.ts";
import { CLEAR_OF_SELECTION_BAR } from "../../lib/bottom-clearance.ts";
import { rememberBrowseOrder } from "../../lib/browse-order.ts";
import { type BrowseSearch, FILTER_KEYS, hasFilters } from "../../lib/browse-search.ts";
import { useFileColumns } from "../../lib/file-columns.ts";
import { plural } from "../../lib/format.ts";
import { UploadDropZone } from "../upload/index.ts";
import { ColumnsMenu } from "./columns-menu.tsx";
import { EmptyFiles, FilesError, FilesSkeleton } from "./empty-states.tsx";
import { useFileActions } from "./file-actions.ts";
import { type CollectionProps, propertyColumns } from "./file-cell.ts";
import { FileGrid } from "./file-grid.tsx";
import { FileSelectionBar } from "./file-selection-bar.tsx";
import { FileValueCell } from "./file-value-cell.tsx";
import type { SetSearch } from "./filters.tsx";
import { FolderActionsProvider } from "./folder-actions.tsx";
import { FolderStrip } from "./folder-strip.tsx";
import { type BrowseScope, ScopeHeader } from "./scope-header.tsx";
import { SearchInterpretation } from "./search-interpretation.tsx";
import { Toolbar } from "./toolbar.tsx";
import { useSelection } from "./use-selection.ts";

// The list view is the second view: its code loads when it is first shown.
const FileList = lazy(() => import("./file-list.tsx").then((module) => ({ default: module.FileList })));

function fileScopeOf(scope: BrowseScope): FileScope {
  if (scope.kind === "library") return { libraryId: scope.library.id };
  if (scope.kind === "folder") return { libraryId: scope.folder.library_id, folderId: scope.folder.id };
  return {};
}

/**
 * The files of a browse view as its URL's view shows them: a skeleton while the first page loads, the error, the
 * empty state, or the grid or the list (whose code loads when first shown). The board page shows its files so too.
 */
export function FilesView({
  view,
  query,
  empty,
  ...props
}: CollectionProps & {
  view: "grid" | "list";
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: ReactNode;
}) {
  if (query.isPending) return <FilesSkeleton view={view} />;
  if (query.isError && props.files.length === 0)
    return <FilesError error={query.error} onRetry={() => void query.refetch()} />;
  if (props.files.length === 0) return empty;
  const Collection = view === "list" ? FileList : FileGrid;
  // Opening a file (double-click, Enter or its name) keeps this view's order for the file page's ←/→.
  const remember = () => rememberBrowseOrder(props.files.map((f) => f.id));
  const open = props.onOpen;
  const onOpen =
    open &&
    ((file: FileBase) => {
      remember();
      open(file);
    });
  return (
    <Suspense fallback={<FilesSkeleton view={view} />}>
      <Collection {...props} onOpen={onOpen} onLinkOpen={remember} />
    </Suspense>
  );
}

const NO_FILTERS = Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])) as Partial<BrowseSearch>;

/** While files are being processed their thumbnails are on the way: look again every few seconds. */
const PROCESSING_POLL_MS = 5000;

/**
 * A browse page: a library's top level, a folder, or all files. Header, folders, then the files as a virtualized
 * grid or list loaded page by page, with filters and sort in the URL, multi-selection, bulk actions, drag and
 * drop moves and uploads.
 */
export function AssetBrowser({
  scope,
  search,
  setSearch,
}: {
  scope: BrowseScope;
  search: BrowseSearch;
  setSearch: SetSearch;
}) {
  const access = useAccess();
  const navigate = useNavigate();
  const fileScope = fileScopeOf(scope);
  const listKey = JSON.stringify(fileListInput(fileScope, search));
  // A trashed folder's files are hidden with it: there is nothing to list until it is restored.
  const trashed = scope.kind === "folder" && !!scope.folder.trashed_at;
  const view = search.view ?? "grid";
  const properties = useQuery({
    ...propertiesQuery(),
    enabled: view === "list" && access.can("properties:read"),
  });
  const [columnIds, setColumnIds] = useFileColumns();
  const columnProperties = useMemo(
    () => (view === "list" ? (properties.data ?? []).filter((p) => columnIds.includes(p.id)) : []),
    [view, properties.data, columnIds],
  );
  const query = useInfiniteQuery({
    ...fileListQuery(fileScope, search, columnProperties.length > 0),
    enabled: !trashed,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const pages = q.state.data?.pages ?? [];
      return pages.length <= 3 &&
        pages.some((p) => (p.data as FileBase[]).some((f) => f.status === "processing"))
        ? PROCESSING_POLL_MS
        : false;
    },
  });
  const files = useMemo(
    () => query.data?.pages.flatMap((page) => page.data as FileBase[]) ?? [],
    [query.data],
  );
  const selection = useSelection(files, listKey);
  const canListMembers = access.can("brandspace:read");
  const members = useQuery({ ...membersQuery(), enabled: canListMembers });
  const memberNames = useMemo(() => new Map(members.data?.map((m) => [m.id, m.name])), [members.data]);
  const actions = useFileActions();
  const editDenial = access.denial("files:write", "files.edit");
  const deleteDenial = access.denial("files:write", "files.delete");
  const open = useCallback(
    (file: FileBase) => void navigate({ to: "/files/$fileId", params: { fileId: file.id } }),
    [navigate],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const extraColumns = useMemo(
    () =>
      propertyColumns(columnProperties, (file, property) => (
        <FileValueCell
          fileId={file.id}
          fileName={file.name}
          property={property}
          value={(file as ListedFile).properties?.find((v) => v.property_id === property.id)}
          members={members.data ?? []}
          denial={editDenial}
        />
      )),
    [columnProperties, members.data, editDenial],
  );

  const filtered = hasFilters(search) || !!search.q;
  const folderTotal = scope.kind === "folder" && !filtered ? scope.folder.file_count : null;
  // While more pages remain the count is a floor that does not change as pages load (it is read out politely).
  const summary = query.isPending
    ? "Loading files…"
    : folderTotal !== null
      ? plural(folderTotal, "file")
      : hasNextPage
        ? `${FILE_PAGE_SIZE}+ files`
        : plural(files.length, "file");
  const body = (
    <FilesView
      view={view}
      query={query}
      empty={
        <EmptyFiles
          filtered={filtered}
          query={search.q}
          scope={scope.kind}
          trashed={trashed}
          inFolders={
            scope.kind === "library"
              ? scope.library.folder_count > 0
              : scope.kind === "folder" && scope.folder.folder_count > 0
          }
          onClear={() => setSearch({ ...NO_FILTERS, ...(hasFilters(search) ? {} : { q: undefined }) })}
          clears={hasFilters(search) ? "filters" : "search"}
        />
      }
      files={files}
      selection={selection}
      hasMore={!!hasNextPage}
      loadingMore={isFetchingNextPage}
      onLoadMore={loadMore}
      label={search.q ? `Files matching “${search.q}”` : "Files"}
      onOpen={open}
      fileLinks
      onDelete={deleteDenial ? undefined : (items) => void actions.trash(items)}
      draggable={!editDenial}
      memberNames={memberNames}
      extraColumns={extraColumns}
      sort={{
        by: search.sort,
        order: search.order,
        onChange: (sort, order) => setSearch({ sort, order }),
      }}
    />
  );

  const uploadTarget =
    scope.kind === "library"
      ? { libraryId: scope.library.id, folderId: null }
      : scope.kind === "folder" && !trashed
        ? { libraryId: scope.folder.library_id, folderId: scope.folder.id }
        : null;

  return (
    <FolderActionsProvider>
      <div className={`flex min-h-full flex-col ${CLEAR_OF_SELECTION_BAR}`}>
        <ScopeHeader
          scope={scope}
          query={search.q}
          onClearQuery={() => setSearch({ q: undefined, sort: undefined, order: undefined })}
        />
        {scope.kind !== "all" && !trashed && (
          <FolderStrip libraryId={fileScope.libraryId!} folderId={fileScope.folderId ?? null} />
        )}
        {!trashed && (
          <>
            <Toolbar
              search={search}
              setSearch={setSearch}
              members={canListMembers ? (members.data ?? []) : null}
              libraryId={fileScope.libraryId}
              listColumns={
                properties.data && (
                  <ColumnsMenu properties={properties.data} shown={columnIds} onChange={setColumnIds} />
                )
              }
              summary={
                <>
                  {summary}
                  {/* The previous search's reading is not this one's: it waits for this one's answer. */}
                  <SearchInterpretation
                    search={query.isPlaceholderData ? undefined : query.data?.pages[0]?.search}
                    onUseAsFilters={setSearch}
                  />
                </>
              }
            />
            <div className="flex-1 px-6 pt-3" aria-busy={query.isFetching && !query.isFetchingNextPage}>
              {uploadTarget ? (
                <UploadDropZone libraryId={uploadTarget.libraryId} folderId={uploadTarget.folderId}>
                  {body}
                </UploadDropZone>
              ) : (
                body
              )}
            </div>
          </>
        )}
      </div>
      <FileSelectionBar selection={selection} />
    </FolderActionsProvider>
  );
}
