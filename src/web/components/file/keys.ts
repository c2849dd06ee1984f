/** What takes its own keys when it has the focus: fields, sliders, players and menus. */
const KEYED = "input, textarea, select, [role=slider], [role=menu], video, audio";

function keyedTarget(event: KeyboardEvent, within: string): boolean {
  if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== "function") return false;
  return target.isContentEditable || target.closest(within) !== null;
}

/** A key press meant for a text field, a slider or an open dialog, not for the page's shortcuts. */
export function isTypingTarget(event: KeyboardEvent): boolean {
  return keyedTarget(event, `${KEYED}, [role=dialog]`);
}

/**
 * A key press meant for a text field, a slider, a player or a menu: for a dialog's own shortcuts, whose keys
 * come from inside the dialog (which `isTypingTarget` leaves alone).
 */
export function isFieldTarget(event: KeyboardEvent): boolean {
  return keyedTarget(event, KEYED);
}
