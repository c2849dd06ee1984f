const FOCUSABLE = "button, input, select, textarea, [tabindex]";

/**
 * Focuses a dialog's first control the keyboard reaches (links left out, as Radix does), or the dialog itself,
 * without selecting a field's text. Radix selects it: the first field of a dialog can hold a saved value (a board
 * property's name, renamed on blur), which the first keystroke would then replace.
 */
export function focusFirstControl(container: HTMLElement): void {
  const first = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (element) => element.tabIndex >= 0 && !element.matches(":disabled") && element.checkVisibility(),
  );
  (first ?? container).focus();
}
