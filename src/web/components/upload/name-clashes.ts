import type { UploadTarget } from "./upload-item.ts";

/** The files of a place whose names are among `names`, newest first (the service's listFiles with a name filter). */
export type NamedFilesLister = (
  target: UploadTarget,
  names: string[],
) => Promise<{ id: string; name: string }[]>;

// The filter document's `in` takes at most 100 values and the whole document at most 4,096 characters.
const MAX_NAMES = 50;
const MAX_CHARACTERS = 3_000;

/** The names in batches small enough for one filter document each. */
export function nameBatches(names: readonly string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let characters = 0;
  for (const name of names) {
    const length = JSON.stringify(name).length + 1;
    if (batch.length > 0 && (batch.length === MAX_NAMES || characters + length > MAX_CHARACTERS)) {
      batches.push(batch);
      batch = [];
      characters = 0;
    }
    batch.push(name);
    characters += length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The files already in the target's place (its folder, or its library's top level) under the name of one of
 * `files`: name → the file a new version would go to (the newest of several of that name, as the list is newest
 * first).
 */
export async function existingByName(
  files: readonly File[],
  target: UploadTarget,
  list: NamedFilesLister,
): Promise<Map<string, string>> {
  const existing = new Map<string, string>();
  const names = [...new Set(files.map((file) => file.name))];
  for (const batch of nameBatches(names)) {
    for (const file of await list(target, batch))
      if (!existing.has(file.name)) existing.set(file.name, file.id);
  }
  return existing;
}
