import { Loader2, Search } from "lucide-react";
import { createPortal } from "react-dom";
import type { CommandPaletteProps } from "./command-palette.tsx";
import {
  PALETTE_BOX,
  PALETTE_OVERLAY,
  SEARCH_INPUT,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  SEARCH_ROW,
} from "./palette-frame.ts";

/**
 * Stands in for the palette while its code loads after the first ⌘K: the same box and search field, so that
 * what is typed meanwhile stays (the palette takes the search over). It lasts a moment, so it traps no focus.
 */
export function PaletteLoading({ onOpenChange, search, onSearchChange }: CommandPaletteProps) {
  return createPortal(
    <>
      <div className={PALETTE_OVERLAY} aria-hidden="true" onClick={() => onOpenChange(false)} />
      <div role="dialog" aria-label="Command palette" aria-busy="true" className={PALETTE_BOX}>
        <div className={SEARCH_ROW}>
          <Search className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
          <input
            // biome-ignore lint/a11y/noAutofocus: the palette was asked for; its search field takes the keys
            autoFocus
            aria-label={SEARCH_LABEL}
            placeholder={SEARCH_PLACEHOLDER}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && onOpenChange(false)}
            className={SEARCH_INPUT}
          />
          <Loader2 className="size-4 shrink-0 animate-spin text-zinc-500" aria-hidden="true" />
        </div>
      </div>
    </>,
    document.body,
  );
}
