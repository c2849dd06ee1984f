import type { DragEvent, KeyboardEvent, MouseEvent, PointerEvent, ReactNode } from "react";
import type { FILE_SORTS, FileBase } from "../../../contract/files.ts";
import type { Property } from "../../../contract/properties.ts";
import { beginDrag, endDrag } from "./dnd.ts";
import type { DragSelect } from "./use-drag-select.ts";
import type { Selection } from "./use-selection.ts";

export type FileSort = (typeof FILE_SORTS)[number];

/** What the grid and the list views take. */
export interface CollectionProps {
  files: FileBase[];
  selection: Selection<FileBase>;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The accessible name of the grid ("Files", "Trashed files"). */
  label: string;
  onOpen?: (file: FileBase) => void;
  /** Each file's name links to its page (browse views; not where files open in place). */
  fileLinks?: boolean;
  /** Called when a file's name link is followed (before the navigation). */
  onLinkOpen?: () => void;
  onDelete?: (files: FileBase[]) => void;
  draggable?: boolean;
  /** List view: uploader names by user id. */
  memberNames?: ReadonlyMap<string, string>;
  /** List view in the trash: library names by id (where a restored file goes back to). */
  libraryNames?: ReadonlyMap<string, string>;
  /** List view: sortable column headers. */
  sort?: {
    by: FileSort | undefined;
    order: "asc" | "desc" | undefined;
    onChange: (by: FileSort, order: "asc" | "desc") => void;
  };
  /** List view in the trash: when each file was trashed, and per-row actions. */
  trash?: { actions: (file: FileBase, focused: boolean) => ReactNode };
  /** List view: columns after the built-in ones (a board's properties). */
  extraColumns?: ExtraColumn[];
}

/** A column a screen adds to the list view; its cell may hold its own controls. */
export interface ExtraColumn {
  id: string;
  title: string;
  /** A CSS grid track, e.g. "9rem". */
  width: string;
  cell: (file: FileBase) => ReactNode;
}

/** A list column per property (a board's, or the brandspace properties a user chose), in the order given. */
export function propertyColumns(
  properties: Property[],
  cell: (file: FileBase, property: Property) => ReactNode,
): ExtraColumn[] {
  return properties.map((property) => ({
    id: `property:${property.id}`,
    title: property.name,
    width: "9rem",
    cell: (file) => cell(file, property),
  }));
}

export interface CellContext {
  selection: Selection<FileBase>;
  /** The roving tab stop: the index of the one checkbox in the tab order. */
  tabStop: number;
  setFocus: (index: number) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onOpen?: (file: FileBase) => void;
  fileLinks: boolean;
  onLinkOpen?: () => void;
  draggable: boolean;
  dragSelect: DragSelect;
}

/**
 * Mouse and drag behaviour of a tile or row (its checkbox takes the keyboard): click selects (Ctrl/⌘ toggles,
 * Shift selects a range) and moves the keyboard focus there, double-click opens, dragging moves the selection.
 */
export function itemProps(file: FileBase, index: number, context: CellContext) {
  const { selection, onOpen } = context;
  const selected = selection.isSelected(file.id);
  return {
    "data-file-id": file.id,
    "data-file-index": index,
    "data-selected": selected || undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      context.setFocus(index);
      selection.click(index, { toggle: event.metaKey || event.ctrlKey, range: event.shiftKey });
      event.currentTarget.querySelector<HTMLElement>("input[type=checkbox]")?.focus({ preventScroll: true });
    },
    onDoubleClick: onOpen ? () => onOpen(file) : undefined,
    onKeyDown: context.onKeyDown,
    draggable: context.draggable,
    onDragStart: context.draggable
      ? (event: DragEvent) => {
          const files = selected ? selection.items : [file];
          if (!selected) selection.click(index);
          beginDrag(
            event,
            {
              type: "files",
              ids: files.map((f) => f.id),
              folderIds: files.map((f) => f.folder_id),
              libraryIds: files.map((f) => f.library_id),
            },
            files.length === 1 ? `Move “${file.name}”` : `Move ${files.length} files`,
          );
        }
      : undefined,
    onDragEnd: context.draggable ? endDrag : undefined,
  };
}

/** The selection checkbox: the item's keyboard focus (one tab stop for the whole collection). */
export function checkboxProps(file: FileBase, index: number, context: CellContext) {
  return {
    type: "checkbox" as const,
    tabIndex: index === context.tabStop ? 0 : -1,
    "data-index": index,
    checked: context.selection.isSelected(file.id),
    "aria-label": `Select ${file.name}`,
    onFocus: () => context.setFocus(index),
    onChange: () => {},
    // Pressing a checkbox and dragging across others selects them all (touch included: no scrolling from it).
    onPointerDown: (event: PointerEvent<HTMLInputElement>) => context.dragSelect.start(index, event),
    onPointerMove: (event: PointerEvent<HTMLInputElement>) => context.dragSelect.move(event),
    onPointerUp: () => context.dragSelect.end(),
    onPointerCancel: () => context.dragSelect.end(),
    style: { touchAction: "none" },
    onClick: (event: MouseEvent) => {
      event.stopPropagation();
      if (context.dragSelect.takeClick()) return;
      context.setFocus(index);
      context.selection.click(index, { toggle: true, range: event.shiftKey });
    },
    onDoubleClick: (event: MouseEvent) => event.stopPropagation(),
  };
}
