import { Command } from "cmdk";
import type { MouseEvent, ReactNode } from "react";

export const GROUP =
  "[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:text-zinc-500 [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wider dark:[&_[cmdk-group-heading]]:text-zinc-400";
const ITEM =
  "flex cursor-default items-center gap-2.5 rounded-md px-2 py-2 text-sm outline-none data-[disabled=true]:cursor-not-allowed data-[selected=true]:bg-accent-50 data-[disabled=true]:text-zinc-600 dark:data-[disabled=true]:text-zinc-400 dark:data-[selected=true]:bg-zinc-800";

/**
 * A result's real link: a plain click is left to the palette (it closes, then navigates), while a click with a
 * modifier, a middle click or the browser's "open in new tab" and "copy link" act on the address as on any link.
 */
function openElsewhere(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    event.stopPropagation();
    return;
  }
  event.preventDefault();
}

/** One row of the palette: an icon, the label, and optional context or a reason it is unavailable. */
export function Item({
  value,
  onSelect,
  href,
  icon,
  children,
  hint,
  note,
  disabled,
}: {
  value: string;
  onSelect: () => void;
  /** Where the result leads, for a row that opens a page: it is then a link as well. */
  href?: string;
  icon: ReactNode;
  children: ReactNode;
  /** Short context on the right: a folder's path, a file's type. */
  hint?: ReactNode;
  /** A line under the label: why the command is unavailable. */
  note?: ReactNode;
  disabled?: boolean;
}) {
  const content = (
    <>
      <span className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate">{children}</span>
        {note && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{note}</span>}
      </span>
      {hint && (
        <span className="max-w-[45%] shrink-0 truncate text-xs text-zinc-600 dark:text-zinc-400">{hint}</span>
      )}
    </>
  );
  return (
    <Command.Item value={value} onSelect={onSelect} disabled={disabled} className={ITEM}>
      {href ? (
        // Out of the tab order: the keyboard stays in the search box and chooses with the arrows and Enter.
        <a
          href={href}
          tabIndex={-1}
          onClick={openElsewhere}
          className="flex min-w-0 flex-1 items-center gap-2.5"
        >
          {content}
        </a>
      ) : (
        content
      )}
    </Command.Item>
  );
}
