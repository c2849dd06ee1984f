import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import type { BoardFile, BoardWithProperties } from "../../../contract/boards.ts";
import type { FileBase } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { boardDenial, boardFilesInput, boardFilesQuery } from "../../api/boards.ts";
import { FILE_PAGE_SIZE } from "../../api/files.ts";
import { membersQuery } from "../../api/meta.ts";
import type { BoardSearch } from "../../lib/board-search.ts";
import { CLEAR_OF_SELECTION_BAR } from "../../lib/bottom-clearance.ts";
import { FILTER_KEYS, hasFilters } from "../../lib/browse-search.ts";
import { plural } from "../../lib/format.ts";
import { FilesView } from "../browser/browser.tsx";
import { propertyColumns } from "../browser/file-cell.ts";
import { Toolbar } from "../browser/toolbar.tsx";
import { useSelection } from "../browser/use-selection.ts";
import { Button } from "../ui/button.tsx";
import { BoardHeader } from "./board-header.tsx";
import { BoardSelectionBar } from "./board-selection-bar.tsx";
import { BoardValueCell } from "./board-value-cell.tsx";
import { BoardValueFilters } from "./board-value-filters.tsx";

const NO_FILTERS = Object.fromEntries(
  [...FILTER_KEYS, "filter"].map((key) => [key, undefined]),
) as Partial<BoardSearch>;

function NoFiles({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center" data-testid="empty-board">
      <h2 className="font-semibold">{filtered ? "No files match these filters" : "This board is empty"}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {filtered
          ? "Try fewer filters."
          : "Select files in a library or folder and choose “Add to board…”, or add one from its page."}
      </p>
      {filtered && (
        <Button className="mt-4" variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

/**
 * A board's files with the browse views' grid and list, sort and filters (in the URL), its properties as list
 * columns editable in place, a filter on its status values, and removal of the selected files.
 */
export function BoardBrowser({
  board,
  search,
  setSearch,
}: {
  board: BoardWithProperties;
  search: BoardSearch;
  setSearch: (patch: Partial<BoardSearch>) => void;
}) {
  const access = useAccess();
  const navigate = useNavigate();
  const query = useInfiniteQuery({
    ...boardFilesQuery(board.id, search, search.filter),
    placeholderData: keepPreviousData,
  });
  const files = useMemo(
    () => query.data?.pages.flatMap((page) => page.data as BoardFile[]) ?? [],
    [query.data],
  );
  const selection = useSelection<FileBase>(files, JSON.stringify(boardFilesInput(search, search.filter)));
  const canListMembers = access.can("brandspace:read");
  const members = useQuery({ ...membersQuery(), enabled: canListMembers });
  const memberNames = useMemo(() => new Map(members.data?.map((m) => [m.id, m.name])), [members.data]);
  const editDenial = boardDenial(access, board, "edit");
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
      propertyColumns(board.properties, (file, property) => (
        <BoardValueCell
          boardId={board.id}
          fileId={file.id}
          fileName={file.name}
          property={property}
          value={(file as BoardFile).properties.find((v) => v.property_id === property.id)}
          members={members.data ?? []}
          denial={editDenial}
        />
      )),
    [board.id, board.properties, members.data, editDenial],
  );

  const view = search.view ?? "grid";
  const filtered = hasFilters(search) || !!search.q || !!search.filter;
  const summary = query.isPending
    ? "Loading files…"
    : hasNextPage
      ? `${FILE_PAGE_SIZE}+ files`
      : plural(files.length, "file");
  const body = (
    <FilesView
      view={view}
      query={query}
      empty={<NoFiles filtered={filtered} onClear={() => setSearch({ ...NO_FILTERS, q: undefined })} />}
      files={files}
      selection={selection}
      hasMore={!!hasNextPage}
      loadingMore={isFetchingNextPage}
      onLoadMore={loadMore}
      label={`Files on ${board.name}`}
      onOpen={open}
      fileLinks
      memberNames={memberNames}
      extraColumns={extraColumns}
      sort={{ by: search.sort, order: search.order, onChange: (sort, order) => setSearch({ sort, order }) }}
    />
  );

  return (
    <>
      <div className={`flex min-h-full flex-col ${CLEAR_OF_SELECTION_BAR}`}>
        {/* The toolbar counts what the filters show; the header would read as the board's own count. */}
        <BoardHeader board={board} summary={filtered ? null : query.isPending ? "…" : summary} />
        <Toolbar
          search={search}
          setSearch={setSearch}
          members={canListMembers ? (members.data ?? []) : null}
          summary={summary}
          boardProperties={board.properties}
        />
        <BoardValueFilters
          properties={board.properties}
          filter={search.filter}
          onChange={(filter) => setSearch({ filter })}
        />
        <div className="flex-1 px-6 pt-3" aria-busy={query.isFetching && !query.isFetchingNextPage}>
          {body}
        </div>
      </div>
      <BoardSelectionBar boardId={board.id} selection={selection} editDenial={editDenial} />
    </>
  );
}
