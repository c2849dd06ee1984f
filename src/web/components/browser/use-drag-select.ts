import { type PointerEvent, useRef } from "react";
import type { FileBase } from "../../../contract/files.ts";
import type { Selection } from "./use-selection.ts";

interface Stroke {
  anchor: number;
  /** What the stroke does to every item it passes: select (the anchor was unselected) or unselect. */
  on: boolean;
  base: ReadonlySet<string>;
  last: number;
  moved: boolean;
}

export interface DragSelect {
  start: (index: number, event: PointerEvent<HTMLInputElement>) => void;
  move: (event: PointerEvent<HTMLInputElement>) => void;
  end: () => void;
  /** True once after a stroke that moved: its closing click must not toggle the first checkbox back. */
  takeClick: () => boolean;
}

/**
 * Drag-to-select, as in photo libraries: press a file's checkbox and drag across others (mouse, pen or finger);
 * every file from the first to the one under the pointer, in list order, takes the first one's new state.
 */
export function useDragSelect(files: FileBase[], selection: Selection<FileBase>): DragSelect {
  const stroke = useRef<Stroke | null>(null);
  const clickAfterStroke = useRef(false);
  return {
    start(index, event) {
      if (event.button !== 0 || event.shiftKey || event.ctrlKey || event.metaKey) return;
      const file = files[index];
      if (!file) return;
      // No drag of the tile itself (moving files) and no text selection while painting.
      event.preventDefault();
      event.currentTarget.focus({ preventScroll: true });
      event.currentTarget.setPointerCapture(event.pointerId);
      stroke.current = {
        anchor: index,
        on: !selection.isSelected(file.id),
        base: selection.ids,
        last: index,
        moved: false,
      };
    },
    move(event) {
      const current = stroke.current;
      if (!current) return;
      const item = document
        .elementFromPoint(event.clientX, event.clientY)
        ?.closest<HTMLElement>("[data-file-index]");
      const index = item ? Number(item.dataset.fileIndex) : current.last;
      if (index === current.last || Number.isNaN(index)) return;
      current.last = index;
      current.moved = true;
      selection.paint(current.anchor, index, current.on, current.base);
    },
    end() {
      if (stroke.current?.moved) clickAfterStroke.current = true;
      stroke.current = null;
    },
    takeClick() {
      const swallow = clickAfterStroke.current;
      clickAfterStroke.current = false;
      return swallow;
    },
  };
}
