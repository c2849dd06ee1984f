import { isDeepStrictEqual } from "node:util";

/**
 * The fields of `changes` whose value differs from the stored one, or null when none does: a write that
 * changes nothing writes nothing and emits nothing (docs/api.md, Events). An undefined change is a field not
 * sent. Pass values as they would be stored (trimmed, deduplicated, dates as `Date`s), so that equal here
 * means equal there.
 */
export function changedFields<T extends object>(
  stored: T,
  changes: { [K in keyof T]?: T[K] },
): Partial<T> | null {
  const changed: Partial<T> = {};
  let any = false;
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const value = changes[key];
    if (value === undefined || isDeepStrictEqual(value, stored[key])) continue;
    changed[key] = value;
    any = true;
  }
  return any ? changed : null;
}
