import { plural } from "../../lib/format.ts";

/** What adding files to a board did: "Added 3 files to “Launch”; 2 files were already there". */
export function addedMessage(boardName: string, added: number, already: number): string {
  const head = added ? `Added ${plural(added, "file")} to “${boardName}”` : `Nothing added to “${boardName}”`;
  if (!already) return head;
  return `${head}; ${already === 1 ? "1 file was" : `${plural(already, "file")} were`} already there`;
}
