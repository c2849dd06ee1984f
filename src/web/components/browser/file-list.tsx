import { useVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown, ArrowUp } from "lucide-react";
import { type CSSProperties, type FocusEvent, type ReactNode, useRef } from "react";
import type { FileBase } from "../../../contract/files.ts";
import { effectiveOrder } from "../../lib/browse-search.ts";
import { cn } from "../../lib/cn.ts";
import { formatBytes, formatDate, formatDateTime, relativeTime } from "../../lib/format.ts";
import { ExtensionBadge, fileDetail, StatusBadge } from "./file-badges.tsx";
import {
  type CellContext,
  type CollectionProps,
  checkboxProps,
  type FileSort,
  itemProps,
} from "./file-cell.ts";
import { FileName } from "./file-name.tsx";
import { FileThumb, KIND_NAMES } from "./file-thumb.tsx";
import { daysUntilPurge } from "./trash-retention.ts";
import { useCollectionKeys } from "./use-collection-keys.ts";
import { useDragSelect } from "./use-drag-select.ts";
import { useLoadMoreNearEnd } from "./use-load-more.ts";
import { useScrollParent } from "./use-scroll-parent.ts";

const ROW_HEIGHT = 52;
/** The narrowest the name column gets, and its place among the tracks (after the checkbox and the preview). */
const NAME_MIN = "8rem";
const NAME_TRACK = 2;
/** What one of a screen's own columns takes of the width (9rem and the gap), in pixels. */
const EXTRA_COLUMN_PX = 156;
const MUTED = "truncate text-sm text-zinc-600 dark:text-zinc-400";
/**
 * The checkbox, the preview and the name stay at the left edge while the columns scroll sideways under them, so
 * they need their row's background, opaque: the selected row's translucent accent is mixed with the page's
 * colour. Each reaches over the gap after it (the checkbox over the row's padding too, drawing the focus ring's
 * left side itself), so nothing shows between them; stretched short of the row's top and bottom, they leave the
 * rest of the focus ring whole.
 * Their `left` offsets (`STICKY_OFFSETS`) are where they sit unscrolled.
 */
const STICKY_CHECKBOX =
  "sticky left-0 z-[1] -ml-2 -mr-3 flex items-center self-stretch rounded-l-md pl-2 pr-3";
const CHECKBOX_RING = "group-has-[:focus-visible]:shadow-[inset_2px_0_0_var(--color-accent-500)]";
// On a phone the three took 15rem of the list's 21: there the preview scrolls away under the checkbox, and the
// name stops beside the checkbox (where the preview would).
const STICKY_PREVIEW =
  "sticky left-(--preview-left) z-[1] -mr-3 flex items-center self-stretch pr-3 max-[30rem]:static max-[30rem]:z-auto";
const STICKY_NAME = "sticky left-(--name-left) z-[1] max-[30rem]:left-(--preview-left)";
/** The tracks of the checkbox and the preview, and the rows' padding (`px-2`) and gap (`gap-3`), in rem. */
const CHECKBOX_REM = 2;
const PREVIEW_REM = 2.75;
const PADDING_REM = 0.5;
const GAP_REM = 0.75;
const STICKY_OFFSETS = {
  "--preview-left": `${PADDING_REM + CHECKBOX_REM + GAP_REM}rem`,
  "--name-left": `${PADDING_REM + CHECKBOX_REM + GAP_REM + PREVIEW_REM + GAP_REM}rem`,
} as CSSProperties;
const HEADER_BACKGROUND = "bg-white dark:bg-zinc-950";
const STICKY_BACKGROUND = "bg-white group-hover:bg-zinc-100 dark:bg-zinc-950 dark:group-hover:bg-zinc-900";
const SELECTED_STICKY_BACKGROUND =
  "bg-accent-50 dark:bg-[color-mix(in_oklab,var(--color-accent-500)_15%,var(--color-zinc-950))]";

interface Column {
  id: string;
  title: string;
  width: string;
  sort?: FileSort;
  cell: (file: FileBase, props: CollectionProps) => ReactNode;
}

const COLUMNS: Record<string, Column> = {
  kind: { id: "kind", title: "Kind", width: "7rem", cell: (f) => KIND_NAMES[f.kind] },
  size: {
    id: "size",
    title: "Size",
    width: "6rem",
    sort: "size",
    cell: (f) => (f.kind === "page" ? "—" : formatBytes(f.size)),
  },
  detail: { id: "detail", title: "Details", width: "7rem", cell: (f) => fileDetail(f) ?? "—" },
  uploader: {
    id: "uploader",
    title: "Uploaded by",
    width: "9rem",
    cell: (f, p) => p.memberNames?.get(f.created_by_id) ?? "—",
  },
  created: {
    id: "created",
    title: "Created",
    width: "7.5rem",
    sort: "created_at",
    cell: (f) => <time dateTime={f.created_at}>{formatDate(f.created_at)}</time>,
  },
  library: {
    id: "library",
    title: "Library",
    width: "9rem",
    cell: (f, p) => p.libraryNames?.get(f.library_id) ?? "—",
  },
  trashed: {
    id: "trashed",
    title: "Trashed",
    width: "8rem",
    cell: (f) =>
      f.trashed_at && (
        <time dateTime={f.trashed_at} title={formatDateTime(f.trashed_at)}>
          {relativeTime(f.trashed_at)}
        </time>
      ),
  },
  purge: {
    id: "purge",
    title: "Deleted in",
    width: "6.5rem",
    cell: (f) => (f.trashed_at ? `${daysUntilPurge(f.trashed_at)} days` : "—"),
  },
};

/** Which columns fit: the name always, the rest as the width allows. */
function columnsFor(width: number, trash: boolean): Column[] {
  const c = COLUMNS;
  if (trash) return [...(width >= 640 ? [c.library!] : []), c.size!, c.trashed!, c.purge!];
  if (width >= 900) return [c.kind!, c.size!, c.detail!, c.uploader!, c.created!];
  if (width >= 640) return [c.kind!, c.size!, c.detail!, c.created!];
  return [c.size!, c.created!];
}

function HeaderCell({
  column,
  sort,
  className,
  sticky,
}: {
  column: Column;
  sort: CollectionProps["sort"];
  className?: string;
  sticky?: boolean;
}) {
  const stickyMark = sticky ? { "data-sticky": "" } : {};
  if (!column.sort || !sort)
    return (
      <th {...stickyMark} className={cn("truncate text-left font-medium", className)}>
        {column.title}
      </th>
    );
  const active = sort.by === column.sort || (!sort.by && column.sort === "created_at");
  const order = effectiveOrder({ sort: sort.by, order: sort.order });
  const next = active ? (order === "asc" ? "desc" : "asc") : column.sort === "name" ? "asc" : "desc";
  const Arrow = order === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      {...stickyMark}
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}
      className={cn("min-w-0 text-left font-medium", className)}
    >
      <button
        type="button"
        onClick={() => sort.onChange(column.sort!, next)}
        className="inline-flex max-w-full items-center gap-1 rounded hover:text-zinc-900 dark:hover:text-zinc-100"
      >
        <span className="truncate">{column.title}</span>
        {active && <Arrow className="size-3.5 shrink-0" aria-hidden="true" />}
      </button>
    </th>
  );
}

const NAME_COLUMN: Column = { id: "name", title: "Name", width: "", sort: "name", cell: () => null };

/**
 * The files as a virtualized table: one row per file, the columns that fit the width, sortable headers. The
 * table's parts are laid out as CSS grids so that rows can be positioned by the virtualizer.
 */
export function FileList(props: CollectionProps) {
  const { files, selection, hasMore, loadingMore, onLoadMore, label } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const scroll = useScrollParent(body);
  const extra = props.extraColumns ?? [];
  // A screen's own columns (properties) come first: the built-in ones that fit beside them follow.
  const columns = [
    ...columnsFor((scroll.width || 960) - extra.length * EXTRA_COLUMN_PX, !!props.trash),
    ...extra.map((c): Column => ({ ...c, cell: (file) => c.cell(file) })),
  ];
  const tracks = [
    `${CHECKBOX_REM}rem`,
    `${PREVIEW_REM}rem`,
    NAME_MIN,
    ...columns.map((c) => c.width),
    ...(props.trash ? ["4.5rem"] : []),
  ];
  const template = tracks.map((t, i) => (i === NAME_TRACK ? `minmax(${t},1fr)` : t)).join(" ");
  // Wider than that, the table scrolls sideways on its own (its rows keep this width), not the page.
  const rowMinWidth = `calc(${tracks.join(" + ")} + ${(tracks.length - 1) * GAP_REM + 2 * PADDING_REM}rem)`;
  const rowCount = files.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroll.element,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: scroll.offset,
  });
  const keys = useCollectionKeys({
    items: files,
    columns: 1,
    pageRows: Math.max(1, Math.floor((scroll.element?.clientHeight ?? 800) / ROW_HEIGHT) - 3),
    selection,
    containerRef: body,
    scrollToRow: (row) => virtualizer.scrollToIndex(row, { align: "auto" }),
    onOpen: props.onOpen,
    onDelete: props.onDelete,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? 0;
  useLoadMoreNearEnd({ lastRow, rowCount, margin: 10, hasMore, loadingMore, onLoadMore });
  const rendered = rows.map((r) => r.index).filter((i) => i < files.length);
  const dragSelect = useDragSelect(files, selection);
  const context: CellContext = {
    selection,
    tabStop: rendered.includes(keys.focus) ? keys.focus : (rendered[0] ?? 0),
    setFocus: keys.setFocus,
    onKeyDown: keys.onKeyDown,
    onOpen: props.onOpen,
    fileLinks: props.fileLinks ?? false,
    onLinkOpen: props.onLinkOpen,
    draggable: props.draggable ?? false,
    dragSelect,
  };
  const allSelected = files.length > 0 && selection.ids.size === files.length;

  return (
    <table
      aria-label={label}
      aria-busy={loadingMore}
      data-testid="file-list"
      // Clipped vertically: the table must not become the scroll parent the rows are virtualized in. Positioned:
      // absolute descendants (the hidden header labels) are clipped by it, not by the page, which they widened.
      className="relative block w-full select-none overflow-x-auto overflow-y-clip text-sm"
      style={STICKY_OFFSETS}
      onFocus={revealBesideSticky}
    >
      <thead className="block">
        <tr
          className="grid h-9 items-center gap-3 border-zinc-200 border-b px-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
          style={{ gridTemplateColumns: template, minWidth: rowMinWidth }}
        >
          <th data-sticky="" className={cn(STICKY_CHECKBOX, HEADER_BACKGROUND)}>
            <input
              type="checkbox"
              aria-label="Select all loaded files"
              checked={allSelected}
              onChange={() => (allSelected ? selection.clear() : selection.selectAll())}
              className="size-4 accent-accent-600"
            />
          </th>
          <th data-sticky="" className={cn(STICKY_PREVIEW, HEADER_BACKGROUND)}>
            <span className="sr-only">Preview</span>
          </th>
          <HeaderCell
            column={NAME_COLUMN}
            sort={props.sort}
            sticky
            className={cn(STICKY_NAME, "flex items-center self-stretch", HEADER_BACKGROUND)}
          />
          {columns.map((column) => (
            <HeaderCell key={column.id} column={column} sort={props.sort} />
          ))}
          {props.trash && (
            <th>
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody ref={body} className="relative block" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const file = files[row.index];
          const style = {
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            height: ROW_HEIGHT,
            gridTemplateColumns: template,
            minWidth: rowMinWidth,
          };
          if (!file) {
            return (
              <tr
                key="loading"
                className="absolute inset-x-0 top-0 grid items-center gap-3 px-2"
                style={style}
              >
                <td className="col-span-full flex items-center gap-3">
                  <span className="sr-only" role="status">
                    Loading more files…
                  </span>
                  <span aria-hidden="true" className="skeleton size-9" />
                  <span aria-hidden="true" className="skeleton h-4 w-64" />
                </td>
              </tr>
            );
          }
          return (
            <FileRow
              key={file.id}
              file={file}
              index={row.index}
              style={style}
              columns={columns}
              context={context}
              props={props}
            />
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A control focused in a column scrolled under the sticky ones is scrolled out beside them: the browser counts it
 * as shown (it is inside the table's box), and scroll padding on the table also sent the table back to its start
 * whenever the keyboard went to another row's (sticky) checkbox.
 */
function revealBesideSticky(event: FocusEvent<HTMLTableElement>) {
  const cell = (event.target as HTMLElement).closest("td, th");
  if (!cell || cell.hasAttribute("data-sticky")) return;
  const edge = [...(cell.parentElement?.querySelectorAll("[data-sticky]") ?? [])]
    .at(-1)
    ?.getBoundingClientRect();
  const left = cell.getBoundingClientRect().left;
  if (edge && left < edge.right) event.currentTarget.scrollLeft -= edge.right - left;
}

function FileRow({
  file,
  index,
  style,
  columns,
  context,
  props,
}: {
  file: FileBase;
  index: number;
  style: CSSProperties;
  columns: Column[];
  context: CellContext;
  props: CollectionProps;
}) {
  const selected = context.selection.isSelected(file.id);
  const background = cn("my-0.5", selected ? SELECTED_STICKY_BACKGROUND : STICKY_BACKGROUND);
  return (
    <tr
      {...itemProps(file, index, context)}
      style={style}
      className={cn(
        "group absolute inset-x-0 top-0 grid items-center gap-3 rounded-md px-2",
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500 has-[:focus-visible]:ring-inset",
        selected ? "bg-accent-50 dark:bg-accent-500/15" : "hover:bg-zinc-100 dark:hover:bg-zinc-900",
      )}
    >
      <td data-sticky="" className={cn(STICKY_CHECKBOX, CHECKBOX_RING, background)}>
        <input
          {...checkboxProps(file, index, context)}
          className="size-4 scroll-mt-32 scroll-mb-24 cursor-pointer accent-accent-600 focus-visible:outline-none"
        />
      </td>
      <td data-sticky="" className={cn(STICKY_PREVIEW, background)}>
        <div className="size-9 shrink-0 overflow-hidden rounded border border-zinc-200 dark:border-zinc-800">
          <FileThumb file={file} iconClassName="size-4" />
        </div>
      </td>
      <td
        data-sticky=""
        className={cn(STICKY_NAME, "flex min-w-0 items-center gap-2 self-stretch", background)}
      >
        <FileName
          file={file}
          linked={context.fileLinks}
          onFollow={context.onLinkOpen}
          className="truncate font-medium"
        />
        <ExtensionBadge extension={file.extension} />
        <StatusBadge status={file.status} />
      </td>
      {columns.map((column) => (
        <td key={column.id} className={MUTED}>
          {column.cell(file, props)}
        </td>
      ))}
      {props.trash && (
        <td className="flex items-center justify-end gap-1">
          {props.trash.actions(file, index === context.tabStop)}
        </td>
      )}
    </tr>
  );
}
