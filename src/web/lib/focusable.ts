const CONTROLS = "a[href], button, input, select, textarea, [tabindex]";

/**
 * The first control in `root` the keyboard reaches with Tab: enabled, shown, not taken out of the tab order (a
 * roving row's `tabindex="-1"`). Links count unless `links` is false.
 */
export function firstReachable(root: ParentNode, { links = true } = {}): HTMLElement | null {
  const controls = [...root.querySelectorAll<HTMLElement>(CONTROLS)];
  return (
    controls.find(
      (control) =>
        control.tabIndex >= 0 &&
        !control.matches(":disabled") &&
        (links || !(control instanceof HTMLAnchorElement)) &&
        control.checkVisibility(),
    ) ?? null
  );
}

/**
 * Focuses a dialog's first control (links left out, as Radix does), or the dialog itself, without selecting a
 * field's text. Radix selects it: the first field of a dialog can hold a saved value (a board property's name,
 * renamed on blur) or what was typed while it loaded (the command palette), which the next keystroke would replace.
 */
export function focusFirstControl(dialog: HTMLElement): void {
  (firstReachable(dialog, { links: false }) ?? dialog).focus();
}
