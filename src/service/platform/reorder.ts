/** The ids in their new order after moving `id` to `position` (clamped to the list; 0 is first). */
export function moveTo(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((other) => other !== id);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** As `moveTo`, or null when `id` already stands at `position` (clamped): a move that changes nothing. */
export function moveToIfElsewhere(ids: readonly string[], id: string, position: number): string[] | null {
  const order = moveTo(ids, id, position);
  return order.indexOf(id) === ids.indexOf(id) ? null : order;
}
