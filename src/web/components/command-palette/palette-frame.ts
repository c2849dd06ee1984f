/** The palette's box and search row, shared with the stand-in shown while the palette loads. */
export const PALETTE_OVERLAY = "fixed inset-0 z-40 bg-black/40";
export const PALETTE_BOX =
  "fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-900";
export const SEARCH_ROW = "flex items-center gap-2 border-zinc-200 border-b px-3 dark:border-zinc-800";
export const SEARCH_INPUT = "h-12 w-full bg-transparent text-sm outline-none placeholder:text-zinc-500";
export const SEARCH_LABEL = "Search files, folders, libraries and commands";
export const SEARCH_PLACEHOLDER = "Search files, folders, libraries, or type a command…";
