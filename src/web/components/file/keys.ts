/** A key press meant for a text field, a slider or an open dialog, not for the page's shortcuts. */
export function isTypingTarget(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== "function") return false;
  return (
    target.isContentEditable ||
    target.closest("input, textarea, select, [role=slider], [role=dialog], [role=menu], video, audio") !==
      null
  );
}
