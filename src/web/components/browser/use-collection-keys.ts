import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import type { Selection } from "./use-selection.ts";

export interface CollectionKeysOptions<T> {
  items: T[];
  /** Items per row: the grid's column count, 1 for the list. */
  columns: number;
  /** Rows that fit in the viewport, for Page Up / Page Down. */
  pageRows: number;
  selection: Selection<T>;
  containerRef: RefObject<HTMLElement | null>;
  /** Brings a row into the rendered window of the virtualizer before its cell can take focus. */
  scrollToRow: (row: number) => void;
  onOpen?: (item: T) => void;
  /** Delete (⌘⌫ on a Mac): the selection, or the focused item when nothing is selected. */
  onDelete?: (items: T[]) => void;
}

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Keyboard use of a virtualized grid or list, with one tab stop (roving tabindex): arrows, Home/End and Page
 * keys move, Shift extends the selection, Space toggles, Enter opens, Ctrl/⌘-A selects all loaded, Escape
 * clears, Delete trashes.
 */
export function useCollectionKeys<T>(options: CollectionKeysOptions<T>) {
  const { items, columns, pageRows, selection, containerRef, scrollToRow, onOpen, onDelete } = options;
  const [focus, setFocus] = useState(0);
  const pending = useRef<number | null>(null);

  useEffect(() => {
    if (focus > 0 && focus >= items.length) setFocus(Math.max(0, items.length - 1));
  }, [focus, items.length]);

  // After each render: focus the cell a key moved to, once the virtualizer has rendered it.
  useEffect(() => {
    const index = pending.current;
    if (index === null) return;
    const cell = containerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (cell) {
      pending.current = null;
      cell.focus();
    }
  });

  const moveTo = (target: number, extend: boolean) => {
    const index = Math.max(0, Math.min(items.length - 1, target));
    if (extend) {
      selection.anchorAt(focus);
      selection.click(index, { range: true });
    }
    setFocus(index);
    pending.current = index;
    const cell = containerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (cell) {
      pending.current = null;
      cell.focus();
    } else {
      scrollToRow(Math.floor(index / columns));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (items.length === 0) return;
    const fromControl = (event.target as HTMLElement).closest("button, a, input:not([type=checkbox])");
    const mod = isMac ? event.metaKey : event.ctrlKey;
    const column = focus % columns;
    const moves: Record<string, number | undefined> = {
      ArrowRight: columns > 1 ? focus + 1 : undefined,
      ArrowLeft: columns > 1 ? focus - 1 : undefined,
      ArrowDown: focus + columns,
      ArrowUp: focus - columns,
      Home: mod ? 0 : focus - column,
      End: mod ? items.length - 1 : Math.min(items.length - 1, focus - column + columns - 1),
      PageDown: focus + columns * pageRows,
      PageUp: focus - columns * pageRows,
    };
    const target = moves[event.key];
    if (target !== undefined && !fromControl) {
      event.preventDefault();
      moveTo(target, event.shiftKey);
      return;
    }
    if (fromControl) return;
    const item = items[focus];
    if (event.key === " ") {
      // The focused checkbox toggles itself; elsewhere (a row) Space toggles the focused item.
      if ((event.target as HTMLElement).matches("input[type=checkbox]")) return;
      event.preventDefault();
      selection.click(focus, { toggle: true, range: event.shiftKey });
    } else if (event.key === "Enter" && item && onOpen) {
      event.preventDefault();
      onOpen(item);
    } else if (mod && event.key.toLowerCase() === "a") {
      event.preventDefault();
      selection.selectAll();
    } else if (event.key === "Escape" && selection.ids.size > 0) {
      event.preventDefault();
      selection.clear();
    } else if ((event.key === "Delete" || (isMac && mod && event.key === "Backspace")) && onDelete) {
      event.preventDefault();
      onDelete(selection.ids.size > 0 ? selection.items : item ? [item] : []);
    }
  };

  return { focus, setFocus, onKeyDown };
}
