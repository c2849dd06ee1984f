import { useCallback, useEffect, useMemo, useRef, useState } from "react";

export interface Selection<T> {
  ids: ReadonlySet<string>;
  /** The selected items among those loaded, in list order. */
  items: T[];
  isSelected: (id: string) => boolean;
  /** A click: plain selects only this one, `toggle` (Ctrl/⌘) flips it, `range` (Shift) selects from the anchor. */
  click: (index: number, how?: { toggle?: boolean; range?: boolean }) => void;
  toggle: (index: number) => void;
  selectAll: () => void;
  clear: () => void;
  /** Sets where a Shift-range starts, unless a click set it already (keyboard range selection). */
  anchorAt: (index: number) => void;
  /** Drag-to-select: `base` with every item from `from` to `to` (either order) selected, or unselected. */
  paint: (from: number, to: number, on: boolean, base: ReadonlySet<string>) => void;
}

/**
 * Multi-selection over a loaded list, Finder style. It resets when `resetKey` changes (another folder, other
 * filters) and forgets items that leave the list (moved, trashed).
 */
export function useSelection<T extends { id: string }>(list: T[], resetKey: string): Selection<T> {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scope or filter starts a new selection
  useEffect(() => {
    setIds(new Set());
    anchor.current = null;
  }, [resetKey]);

  useEffect(() => {
    setIds((previous) => {
      if (previous.size === 0) return previous;
      const present = new Set(list.map((item) => item.id));
      const kept = new Set([...previous].filter((id) => present.has(id)));
      return kept.size === previous.size ? previous : kept;
    });
  }, [list]);

  // Escape clears the selection also when nothing has focus (after a drag on empty space, a click on the page):
  // the collection's own keys and the selection bar handle it where they have focus.
  useEffect(() => {
    if (ids.size === 0) return;
    const clearOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || event.target !== document.body) return;
      anchor.current = null;
      setIds(new Set());
    };
    document.addEventListener("keydown", clearOnEscape);
    return () => document.removeEventListener("keydown", clearOnEscape);
  }, [ids]);

  const click = useCallback(
    (index: number, how: { toggle?: boolean; range?: boolean } = {}) => {
      const item = list[index];
      if (!item) return;
      if (how.range && anchor.current !== null) {
        const [from, to] = [Math.min(anchor.current, index), Math.max(anchor.current, index)];
        const range = list.slice(from, to + 1).map((i) => i.id);
        setIds((previous) => new Set(how.toggle ? [...previous, ...range] : range));
        return;
      }
      anchor.current = index;
      if (how.toggle) {
        setIds((previous) => {
          const next = new Set(previous);
          if (next.has(item.id)) next.delete(item.id);
          else next.add(item.id);
          return next;
        });
      } else {
        setIds(new Set([item.id]));
      }
    },
    [list],
  );

  return useMemo(
    () => ({
      ids,
      items: ids.size ? list.filter((item) => ids.has(item.id)) : [],
      isSelected: (id: string) => ids.has(id),
      click,
      toggle: (index: number) => click(index, { toggle: true }),
      selectAll: () => setIds(new Set(list.map((item) => item.id))),
      clear: () => {
        anchor.current = null;
        setIds(new Set());
      },
      anchorAt: (index: number) => {
        anchor.current ??= index;
      },
      paint: (from: number, to: number, on: boolean, base: ReadonlySet<string>) => {
        anchor.current = from;
        const next = new Set(base);
        for (const item of list.slice(Math.min(from, to), Math.max(from, to) + 1)) {
          if (on) next.add(item.id);
          else next.delete(item.id);
        }
        setIds(next);
      },
    }),
    [ids, list, click],
  );
}
