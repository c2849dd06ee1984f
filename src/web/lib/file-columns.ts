import { useSyncExternalStore } from "react";

/** The brandspace properties a user shows as columns of the browse views' list, kept in this browser. */
const STORAGE_KEY = "brandspace.fileColumns";
const NONE: readonly string[] = [];

let lastRaw: string | null = null;
let lastIds: readonly string[] = NONE;
const listeners = new Set<() => void>();

/** The saved property ids; the same array while the stored text is the same (a stable snapshot). */
function savedColumns(): readonly string[] {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastIds = parseColumns(raw);
  }
  return lastIds;
}

/** Stored text as property ids; anything else (hand-edited, an older format) as none. */
export function parseColumns(raw: string | null): readonly string[] {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) && value.every((id) => typeof id === "string") ? value : NONE;
  } catch {
    return NONE;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice shows here too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function saveColumns(ids: readonly string[]): void {
  if (ids.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  for (const listener of listeners) listener();
}

/** The property ids shown as list columns, in the order chosen, and the function that changes them. */
export function useFileColumns(): [readonly string[], (ids: readonly string[]) => void] {
  return [useSyncExternalStore(subscribe, savedColumns, () => NONE), saveColumns];
}
