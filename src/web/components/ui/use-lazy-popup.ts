import { useState } from "react";
import type { OnDemand } from "../../lib/on-demand.ts";
import { useOnDemand } from "../../lib/on-demand.ts";
import { toast } from "../../lib/toast.ts";

export type OpenedBy = "pointer" | "keyboard";

/**
 * The state of a menu or popover whose code (`module`) loads when it first opens. `popup` is the module once it
 * is loaded and the popup was asked to open: from then on the popup is mounted and owns its trigger. Opening
 * goes through `openNow` (the trigger's press). `open` and `onOpenChange` may control it from outside.
 */
export function useLazyPopup<T>(
  module: OnDemand<T>,
  controlled: { open?: boolean; onOpenChange?: (open: boolean) => void } = {},
) {
  const loaded = useOnDemand(module);
  const [ownOpen, setOwnOpen] = useState(false);
  const [firstOpenedBy, setFirstOpenedBy] = useState<OpenedBy | null>(null);
  const open = controlled.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    controlled.onOpenChange?.(next);
  };
  const openNow = (by: OpenedBy) => {
    setFirstOpenedBy((first) => first ?? by);
    setOpen(true);
    module.load().catch(() => {
      setOpen(false);
      setFirstOpenedBy(null);
      toast.error("This could not be opened: the connection may have dropped. Try again.");
    });
  };
  return {
    popup: loaded && firstOpenedBy ? loaded : null,
    open,
    setOpen,
    openNow,
    /** Whether a key gave the first opening (the popup mounted for it, too late to see the key itself). */
    openedByKeyboard: firstOpenedBy === "keyboard",
  };
}
