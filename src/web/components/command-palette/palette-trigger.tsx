import { Command as CommandIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { lazyWhenOpen } from "../../lib/lazy-when-open.tsx";
import { NewLibraryDialog } from "../libraries/lazy-dialogs.ts";
import { Kbd } from "../ui/kbd.tsx";
import { PaletteLoading } from "./palette-loading.tsx";

const isApple = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);
/** The shortcut as this platform writes it. */
export const PALETTE_SHORTCUT = isApple ? "⌘K" : "Ctrl K";

/** cmdk and the palette load on the first open, or as the pointer or focus reaches the trigger. */
const CommandPalette = lazyWhenOpen(
  () => import("./command-palette.tsx").then((m) => m.CommandPalette),
  PaletteLoading,
);

/**
 * The top bar's button for the command palette, and the palette's global shortcut: ⌘K on Apple keyboards,
 * Ctrl K elsewhere (both work everywhere, even while typing in a field, as in most web apps).
 */
export function CommandPaletteTrigger() {
  // Opening or closing starts the search afresh.
  const [palette, setPalette] = useState({ open: false, search: "" });
  const [creatingLibrary, setCreatingLibrary] = useState(false);
  const setOpen = (open: boolean) => setPalette({ open, search: "" });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.metaKey || event.ctrlKey) || event.altKey) return;
      event.preventDefault();
      setPalette((current) => ({ open: !current.open, search: "" }));
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={CommandPalette.preload}
        onFocus={CommandPalette.preload}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="flex h-9 shrink-0 items-center gap-2 rounded-md border border-zinc-300 px-2.5 text-sm text-zinc-600 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {/* The name comes from the hidden text; the shortcut is announced through aria-keyshortcuts. */}
        <span className="sr-only">Open command palette</span>
        <span aria-hidden="true" className="flex items-center gap-2">
          <CommandIcon className="size-4" />
          <span className="hidden xl:inline">Jump to…</span>
          {/* Phones and tablets have no keyboard to press it on. */}
          <span className="hidden md:inline">
            <Kbd>{PALETTE_SHORTCUT}</Kbd>
          </span>
        </span>
      </button>
      <CommandPalette
        open={palette.open}
        onOpenChange={setOpen}
        search={palette.search}
        onSearchChange={(search) => setPalette((current) => ({ ...current, search }))}
        onNewLibrary={() => setCreatingLibrary(true)}
      />
      <NewLibraryDialog open={creatingLibrary} onOpenChange={setCreatingLibrary} />
    </>
  );
}
