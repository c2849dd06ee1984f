import { Command as CommandIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { NewLibraryDialog } from "../libraries/lazy-dialogs.ts";
import { CommandPalette } from "./command-palette.tsx";
import { Kbd } from "./palette-item.tsx";

const isApple = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);
/** The shortcut as this platform writes it. */
export const PALETTE_SHORTCUT = isApple ? "⌘K" : "Ctrl K";

/**
 * The top bar's button for the command palette, and the palette's global shortcut: ⌘K on Apple keyboards,
 * Ctrl K elsewhere (both work everywhere, even while typing in a field, as in most web apps).
 */
export function CommandPaletteTrigger() {
  const [open, setOpen] = useState(false);
  const [creatingLibrary, setCreatingLibrary] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.metaKey || event.ctrlKey) || event.altKey) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="flex h-9 shrink-0 items-center gap-2 rounded-md border border-zinc-300 px-2.5 text-sm text-zinc-600 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {/* The name comes from the hidden text; the shortcut is announced through aria-keyshortcuts. */}
        <span className="sr-only">Open command palette</span>
        <span aria-hidden="true" className="flex items-center gap-2">
          <CommandIcon className="size-4" />
          <span className="hidden xl:inline">Jump to…</span>
          <Kbd>{PALETTE_SHORTCUT}</Kbd>
        </span>
      </button>
      <CommandPalette open={open} onOpenChange={setOpen} onNewLibrary={() => setCreatingLibrary(true)} />
      <NewLibraryDialog open={creatingLibrary} onOpenChange={setCreatingLibrary} />
    </>
  );
}
