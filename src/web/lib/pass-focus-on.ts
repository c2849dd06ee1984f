import { firstReachable } from "./focusable.ts";

/**
 * Call as a list item leaves the page (a layout effect's cleanup, while it is still there). When it held focus,
 * focus moves to the next item's first control, else the previous item's, else the `[data-focus-home]` of its
 * `[data-focus-scope]`, instead of falling to <body>: a resolved comment that the filter hides takes focus with it.
 */
export function passFocusOn(leaving: HTMLElement | null) {
  if (!leaving?.contains(document.activeElement)) return;
  const neighbour = [leaving.nextElementSibling, leaving.previousElementSibling]
    .map((sibling) => sibling && firstReachable(sibling))
    .find((control) => control);
  const home = leaving.closest("[data-focus-scope]")?.querySelector<HTMLElement>("[data-focus-home]");
  (neighbour ?? home)?.focus();
}
