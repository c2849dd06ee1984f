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

/** `logo.png` numbered: `logo (2).png`. A name numbered already is numbered anew (`logo (2).png` → `logo (3).png`). */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  return `${stem.replace(/ \(\d+\)$/, "")} (${n})${extension}`;
}

// Numbers tried per file in one lookup, and lookups before a name is left as it is.
const NUMBERS_PER_ROUND = 10;
const ROUNDS = 5;

/**
 * Files kept beside a namesake (Keep both), each renamed to the first `name (n).ext` from 2 up that is free in the
 * place and not given to another of them, as desktops do. A name still taken after 50 numbers stays as it is.
 */
export async function numberedToFree(
  files: readonly File[],
  target: UploadTarget,
  list: NamedFilesLister,
): Promise<File[]> {
  const chosen = new Map<File, string>();
  const given = new Set<string>();
  for (let round = 0; round < ROUNDS && chosen.size < files.length; round++) {
    const first = 2 + round * NUMBERS_PER_ROUND;
    const candidatesOf = (file: File) =>
      Array.from({ length: NUMBERS_PER_ROUND }, (_, i) => numberedName(file.name, first + i));
    const unnamed = files.filter((file) => !chosen.has(file));
    const names = [...new Set(unnamed.flatMap(candidatesOf))];
    const taken = new Set<string>();
    for (const batch of nameBatches(names))
      for (const file of await list(target, batch)) taken.add(file.name);
    for (const file of unnamed) {
      const free = candidatesOf(file).find((name) => !taken.has(name) && !given.has(name));
      if (free === undefined) continue;
      chosen.set(file, free);
      given.add(free);
    }
  }
  return files.map((file) => {
    const name = chosen.get(file);
    return name ? new File([file], name, { type: file.type, lastModified: file.lastModified }) : file;
  });
}
