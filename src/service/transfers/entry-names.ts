import { toItemName } from "../../contract/item-name.ts";

/**
 * Hands out entry names inside a transfer: every name safe as a zip entry (no separators, no `.`/`..`, no control
 * characters) and unique within its folder, ignoring case as the file systems recipients unzip onto do:
 * `logo.png`, `logo (2).png`, `logo (3).png`.
 */
export class EntryNames {
  private readonly taken: Set<string>;

  constructor(takenPaths: Iterable<string>) {
    this.taken = new Set([...takenPaths].map((p) => p.toLowerCase()));
  }

  /** A free name for `wanted` inside the folder at `dir` ("" is the top), now taken. */
  claim(dir: string, wanted: string): string {
    const safe = toItemName(wanted, "file");
    const dot = safe.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
    for (let n = 1; ; n++) {
      const name = n === 1 ? safe : `${stem} (${n})${extension}`;
      const key = (dir ? `${dir}/${name}` : name).toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return name;
      }
    }
  }
}

export const joinPath = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
