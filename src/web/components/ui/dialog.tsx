import type { ComponentType, ReactNode } from "react";
import { lazyWhenOpen } from "../../lib/lazy-when-open.tsx";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** `panel` (the default): a card for a form or a question. `viewer`: the whole screen, dark, with a Close. */
  variant?: "panel" | "viewer";
  children: ReactNode;
}

/**
 * A modal dialog with a title (and optional description) that screen readers announce. Radix's dialog (focus
 * trap, scroll lock, hiding the page from screen readers) loads on the first open: a closed dialog costs nothing.
 */
export const Dialog = lazyWhenOpen(() => import("./modal-dialog.tsx").then((m) => m.ModalDialog));

/**
 * A dialog component of its own module, fetched on its first open along with the modal dialog it renders
 * (together, not one after the other).
 */
export function lazyDialog<P extends { open: boolean; onOpenChange: (open: boolean) => void }>(
  importComponent: () => Promise<ComponentType<P>>,
) {
  return lazyWhenOpen(() => {
    Dialog.preload();
    return importComponent();
  });
}
