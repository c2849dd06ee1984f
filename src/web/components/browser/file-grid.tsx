import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import type { FileBase } from "../../../contract/files.ts";
import { cn } from "../../lib/cn.ts";
import { ExtensionBadge, fileDetail, StatusBadge, sizeLabel } from "./file-badges.tsx";
import { type CellContext, type CollectionProps, checkboxProps, itemProps } from "./file-cell.ts";
import { FileName } from "./file-name.tsx";
import { FileThumb } from "./file-thumb.tsx";
import { useCollectionKeys } from "./use-collection-keys.ts";
import { useDragSelect } from "./use-drag-select.ts";
import { useLoadMoreNearEnd } from "./use-load-more.ts";
import { useScrollParent } from "./use-scroll-parent.ts";

const MIN_TILE = 188;
/** On a phone, two columns of smaller tiles rather than one of a whole screen's width. */
const MIN_TILE_NARROW = 140;
const NARROW = 480;
const GAP = 12;
/** Tile padding (2 × 6px), the gap under the thumbnail and the two text lines. */
const TILE_CHROME = 12 + 8 + 20 + 16;

/** Column count and row height from the container's width: every row is the same height, so no measuring. */
function layoutOf(width: number) {
  const minTile = width < NARROW ? MIN_TILE_NARROW : MIN_TILE;
  const columns = Math.max(1, Math.floor((width + GAP) / (minTile + GAP)));
  const tileWidth = (width - GAP * (columns - 1)) / columns;
  const tileHeight = Math.round(((tileWidth - 12) * 3) / 4 + TILE_CHROME);
  return { columns, tileHeight };
}

interface Placement {
  top: number;
  left: string;
  width: string;
  height: number;
}

function FileTile({
  file,
  index,
  context,
  place,
}: {
  file: FileBase;
  index: number;
  context: CellContext;
  place: Placement;
}) {
  const selected = context.selection.isSelected(file.id);
  const detail = fileDetail(file);
  return (
    <li
      {...itemProps(file, index, context)}
      style={{
        transform: `translateY(${place.top}px)`,
        left: place.left,
        width: place.width,
        height: place.height,
      }}
      className={cn(
        "group absolute top-0 min-w-0 rounded-lg p-1.5",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500",
        selected
          ? "bg-accent-50 ring-2 ring-accent-500 dark:bg-accent-500/15"
          : "hover:bg-zinc-100 dark:hover:bg-zinc-900",
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
        <FileThumb file={file} />
        <StatusBadge status={file.status} className="absolute top-1.5 right-1.5" />
      </div>
      <input
        {...checkboxProps(file, index, context)}
        className={cn(
          "absolute top-3 left-3 size-4 scroll-mt-32 scroll-mb-24 cursor-pointer accent-accent-600 transition-opacity focus-visible:outline-none",
          selected
            ? "opacity-100"
            : "opacity-0 focus:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100",
        )}
      />
      <div className="mt-2 min-w-0 px-0.5">
        <p className="truncate font-medium text-sm leading-5">
          <FileName file={file} linked={context.fileLinks} onFollow={context.onLinkOpen} />
        </p>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-600 leading-4 dark:text-zinc-400">
          {file.kind !== "page" && <ExtensionBadge extension={file.extension} />}
          <span className="truncate">
            {sizeLabel(file)}
            {detail && ` · ${detail}`}
          </span>
        </p>
      </div>
    </li>
  );
}

/** The files as a virtualized grid of thumbnails: rows of as many columns as the width allows. */
export function FileGrid(props: CollectionProps) {
  const { files, selection, hasMore, loadingMore, onLoadMore, label } = props;
  const ref = useRef<HTMLUListElement>(null);
  const scroll = useScrollParent(ref);
  const { columns, tileHeight } = layoutOf(scroll.width || 960);
  const fileRows = Math.ceil(files.length / columns);
  const rowCount = fileRows + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroll.element,
    estimateSize: () => tileHeight + GAP,
    overscan: 3,
    scrollMargin: scroll.offset,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows change height with the width
  useEffect(() => virtualizer.measure(), [tileHeight, virtualizer]);
  const pageRows = Math.max(1, Math.floor((scroll.element?.clientHeight ?? 800) / (tileHeight + GAP)) - 1);
  const keys = useCollectionKeys({
    items: files,
    columns,
    pageRows,
    selection,
    containerRef: ref,
    scrollToRow: (row) => virtualizer.scrollToIndex(row, { align: "auto" }),
    onOpen: props.onOpen,
    onDelete: props.onDelete,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? 0;
  useLoadMoreNearEnd({ lastRow, rowCount, margin: 3, hasMore, loadingMore, onLoadMore });

  const cells = rows.flatMap((row) =>
    Array.from({ length: columns }, (_, column) => ({ row, column, index: row.index * columns + column })),
  );
  const rendered = cells.map((c) => c.index).filter((i) => i < files.length);
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
  const width = `calc((100% - ${GAP * (columns - 1)}px) / ${columns})`;
  const placeOf = (top: number, column: number): Placement => ({
    top: top - virtualizer.options.scrollMargin,
    left: `calc(${column} * (${width} + ${GAP}px))`,
    width,
    height: tileHeight,
  });

  return (
    <>
      <ul
        ref={ref}
        aria-label={label}
        aria-busy={loadingMore}
        data-testid="file-grid"
        className="relative select-none"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {cells.map(({ row, column, index }) => {
          const file = files[index];
          if (file) {
            return (
              <FileTile
                key={file.id}
                file={file}
                index={index}
                context={context}
                place={placeOf(row.start, column)}
              />
            );
          }
          if (row.index < fileRows) return null;
          return <LoadingTile key={`loading:${column}`} place={placeOf(row.start, column)} />;
        })}
      </ul>
      {loadingMore && (
        <p role="status" className="sr-only">
          Loading more files…
        </p>
      )}
    </>
  );
}

function LoadingTile({ place }: { place: Placement }) {
  return (
    <li
      aria-hidden="true"
      className="absolute top-0 p-1.5"
      style={{
        transform: `translateY(${place.top}px)`,
        left: place.left,
        width: place.width,
        height: place.height,
      }}
    >
      <div className="skeleton aspect-[4/3] w-full rounded-md" />
      <div className="skeleton mt-2 h-4 w-3/4" />
      <div className="skeleton mt-1.5 h-3 w-1/2" />
    </li>
  );
}
