import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { LazyPopover } from "../ui/lazy-popover.tsx";

export const FIELD_LABEL = "mb-1 block font-medium text-xs text-zinc-600 dark:text-zinc-400";
export const CHECK_ROW =
  "flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800";

/** A toolbar filter: a button naming the filter (and its value when set) that opens a small panel. */
export function FilterPopover({
  name,
  active,
  testId,
  children,
  open,
  onOpenChange,
}: {
  name: string;
  /** How many values the filter holds (the chips below the toolbar name them); 0 when it is off. */
  active: number;
  testId: string;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <LazyPopover
      open={open}
      onOpenChange={onOpenChange}
      align="start"
      sideOffset={6}
      aria-label={`${name} filter`}
      className="z-50 w-72 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      trigger={
        <button
          type="button"
          data-testid={testId}
          className={cn(
            "inline-flex h-8 items-center gap-1 rounded-md border px-2.5 text-sm",
            active
              ? "border-accent-500 bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100"
              : "border-zinc-300 text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800",
          )}
        >
          {name}
          {active > 0 && (
            <span className="ml-0.5 rounded-full bg-accent-600 px-1.5 font-medium text-[11px] text-white leading-4">
              {active}
              <span className="sr-only"> active</span>
            </span>
          )}
          <ChevronDown className="size-3.5 shrink-0" aria-hidden="true" />
        </button>
      }
    >
      {children}
    </LazyPopover>
  );
}
