import { type ReactNode, useCallback } from "react";
import { cn } from "../../lib/cn.ts";
import { useOverflowsSideways } from "../../lib/use-overflows-sideways.ts";
import { useSideScrollFades } from "../../lib/use-side-scroll-fades.ts";

export interface ListColumn {
  key: string;
  /** The header; with `hidden`, read by screen readers only (an actions column, a checkbox's own label). */
  label: ReactNode;
  hidden?: boolean;
  /** Width and alignment of the column (`w-32`, `text-right`); padding may be overridden too. */
  className?: string;
}

/**
 * A screen's table of resources (links, transfers, pages, webhooks, deliveries, members): a caption for screen
 * readers, one header row, rows divided by rules, and a horizontal scroll below `minWidth` instead of squeezed
 * columns on a phone. `inset: "page"` lines the first and last columns up with the screen's own padding;
 * `"flush"` is for a table inside a padded section.
 */
export function ListTable({
  caption,
  columns,
  minWidth,
  inset = "page",
  children,
}: {
  caption: string;
  columns: ListColumn[];
  /** A `min-w-[…]` class: the width below which the table scrolls. */
  minWidth?: string;
  inset?: "page" | "flush";
  children: ReactNode;
}) {
  const edge = inset === "page" ? { first: "pl-6", last: "pr-6" } : { first: "pl-0", last: "pr-0" };
  const scroll = useOverflowsSideways<HTMLDivElement>();
  // On a phone the last columns (a row's actions among them) lie beyond the edge: it fades there.
  const fades = useSideScrollFades<HTMLDivElement>();
  // Both hooks measure the same box; their refs are stable, so this one is too.
  const { ref: scrollRef } = scroll;
  const { ref: fadesRef } = fades;
  const box = useCallback(
    (element: HTMLDivElement | null) => {
      scrollRef.current = element;
      fadesRef.current = element;
    },
    [scrollRef, fadesRef],
  );
  return (
    <div
      ref={box}
      style={fades.style}
      // Only while it scrolls sideways is it a tab stop: arrow keys then scroll it.
      {...(scroll.overflows && { tabIndex: 0, role: "region", "aria-label": `${caption} table` })}
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-500 focus-visible:-outline-offset-2"
    >
      <table className={cn("w-full table-fixed text-left text-sm", minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-zinc-200 border-y text-xs text-zinc-600 uppercase tracking-wide dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            {columns.map((column, at) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  "px-3 py-2 font-medium",
                  at === 0 && edge.first,
                  at === columns.length - 1 && edge.last,
                  column.className,
                )}
              >
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}
