import { useSyncExternalStore } from "react";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import type { NameClash } from "./name-clash-queue.ts";
import { numberedName } from "./name-clashes.ts";
import { nameClashes } from "./upload-store.ts";

// Names listed in the question; the rest are counted.
const SHOWN = 5;

function titleOf(clash: NameClash): string {
  return clash.files.length === 1
    ? `“${clash.files[0]?.name}” is already here`
    : `${clash.files.length} files are already here`;
}

/**
 * Asks what to do with picked or dropped files whose names are taken where they go: replace (a new version of
 * the file of that name, which keeps its history, comments, tags and board places), keep both (the new one
 * numbered), or skip.
 * Closing the question skips them.
 */
export function NameClashDialog() {
  const clash = useSyncExternalStore(nameClashes.subscribe, nameClashes.current, nameClashes.current);
  if (!clash) return null;
  const place = clash.target.folderId ? "this folder" : "the top level of this library";
  const names = clash.files.map((file) => file.name);
  const one = names.length === 1;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) nameClashes.answer("skip");
      }}
      title={titleOf(clash)}
      description={one ? `A file with this name is in ${place}.` : `Files with these names are in ${place}.`}
    >
      <div className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">
        {!one && (
          <ul aria-label="Names already taken" className="list-disc space-y-0.5 pl-5">
            {names.slice(0, SHOWN).map((name, index) => (
              // Two picked files may share a name.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index} className="truncate" title={name}>
                {name}
              </li>
            ))}
            {names.length > SHOWN && <li className="list-none">and {names.length - SHOWN} more</li>}
          </ul>
        )}
        <p>
          <strong className="font-medium text-zinc-900 dark:text-zinc-100">Replace</strong> uploads{" "}
          {one ? "it as a new version of that file" : "each as a new version of the file of its name"}:
          earlier versions, comments, tags and places on boards stay.{" "}
          <strong className="font-medium text-zinc-900 dark:text-zinc-100">Keep both</strong> adds{" "}
          {one ? "it as a separate file with a number:" : "each as a separate file with a number, as in"} “
          {numberedName(names[0]!, 2)}”.
        </p>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => nameClashes.answer("skip")}>
            Skip
          </Button>
          <Button variant="secondary" onClick={() => nameClashes.answer("keep")}>
            Keep both
          </Button>
          <Button variant="primary" onClick={() => nameClashes.answer("replace")}>
            Replace
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
