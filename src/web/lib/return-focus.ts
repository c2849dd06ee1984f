import { useRef } from "react";
import { focusFirstControl } from "./focusable.ts";

/** Dialogs and menus: focus inside them is not where focus should return to. */
const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [data-radix-popper-content-wrapper]';
let lastOutside: HTMLElement | null = null;

/** The element that opened a menu (Radix triggers name their menu in aria-controls). */
function menuTrigger(layer: Element): HTMLElement | null {
  if (layer.getAttribute("role") !== "menu" || !layer.id) return null;
  const trigger = document.querySelector(`[aria-controls="${CSS.escape(layer.id)}"]`);
  return trigger instanceof HTMLElement && !trigger.closest(LAYERS) ? trigger : null;
}

/**
 * Follows focus from the page's start: dialogs load when they first open, after their opener took focus, so
 * their module would start listening too late.
 */
export function trackFocusOutsideLayers() {
  document.addEventListener(
    "focusin",
    (event) => {
      if (!(event.target instanceof HTMLElement)) return;
      const layer = event.target.closest(LAYERS);
      // A menu's trigger does not take focus on click, so an item's focus stands for it.
      const outside = layer ? menuTrigger(layer) : event.target;
      if (outside) lastOutside = outside;
    },
    true,
  );
}

/**
 * The focus of a Radix dialog, opened and closed. Opened, its first control takes it without its text selected
 * (`focusFirstControl`). Closed, Radix gives focus back to its `Dialog.Trigger`; a dialog opened another way (a
 * shortcut, a menu item, a link, state) has none and focus falls to <body>. These handlers return it to the last
 * control focused outside any dialog or menu before the dialog opened, as WAI-ARIA's dialog pattern asks. Spread
 * them on `Dialog.Content`; `trackFocusOutsideLayers` must run first.
 */
export function useDialogFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Not dispatched when an autoFocus field already took focus; the close handler then falls back alike.
    onOpenAutoFocus: (event: Event) => {
      opener.current = lastOutside;
      event.preventDefault();
      if (event.currentTarget instanceof HTMLElement) focusFirstControl(event.currentTarget);
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current ?? lastOutside;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
