import { X } from "lucide-react";
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";
import { BOTTOM_CLEARANCE_VAR } from "../../lib/bottom-clearance.ts";
import { plural } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";

/**
 * The floating bar of a non-empty selection: how many are selected and what can be done with them. It sits
 * over the files, centred in the content area (the sidebar takes 16rem on large screens).
 */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-5 z-20 flex justify-center px-4 lg:left-64">
      <Bar onClear={onClear} count={count}>
        {children}
      </Bar>
    </div>
  );
}

/** The bar's 1.25rem from the bottom of the window plus a gap: where things start above it. */
const BELOW_AND_GAP_PX = 20 + 8;

/**
 * Keeps the page clear of the bar while it is shown (see bottom-clearance.ts): toasts rise above it (on narrower
 * windows one covered the count and the first actions) and the views' last rows can scroll out from under it.
 * The bar's height follows its wrapping (four rows on a phone).
 */
function useBottomClearance(bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty(BOTTOM_CLEARANCE_VAR, `${element.offsetHeight + BELOW_AND_GAP_PX}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(BOTTOM_CLEARANCE_VAR);
    };
  }, [bar]);
}

function Bar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useBottomClearance(ref);
  return (
    <div
      ref={ref}
      // Esc clears the selection from the bar too (its button says so), not only from the files; a menu opened
      // from the bar lives elsewhere in the page and closes on its own Esc.
      onKeyDown={(event) => {
        if (event.key === "Escape" && ref.current?.contains(event.target as Node)) onClear();
      }}
      role="toolbar"
      aria-label="Selection actions"
      data-testid="selection-bar"
      className="pointer-events-auto flex max-w-full flex-wrap items-center gap-1 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
    >
      <span className="px-2 font-medium text-sm" aria-live="polite">
        {plural(count, "file")} selected
      </span>
      <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
      {children}
      <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
      <Button
        variant="ghost"
        size="icon"
        aria-label="Clear selection"
        title="Clear selection (Esc)"
        onClick={onClear}
      >
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
