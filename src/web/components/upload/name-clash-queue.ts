import type { UploadTarget } from "./upload-item.ts";
import type { UploadManager } from "./upload-manager.ts";

/**
 * What to do with files whose names are already taken where they are going: upload each as a new version of the
 * file of that name, upload them as files of their own beside it (numbered: `logo (2).png`), or leave them out.
 */
export type ClashChoice = "replace" | "keep" | "skip";

/** Files of one pick or drop whose names are taken, waiting for the user's choice. */
export interface NameClash {
  files: readonly File[];
  target: UploadTarget;
  /** Name → the file a new version goes to. */
  existing: ReadonlyMap<string, string>;
}

/**
 * The clashes waiting for a choice, oldest first; the dashboard asks about one at a time (a second drop while
 * the question is open waits its turn). A small store read with useSyncExternalStore.
 */
export class NameClashQueue {
  private waiting: NameClash[] = [];
  private readonly listeners = new Set<() => void>();

  /** `keep` names each kept file anew (`logo (2).png`); when that fails, they upload under their own names. */
  constructor(
    private readonly uploads: Pick<UploadManager, "add">,
    private readonly keep: (files: readonly File[], target: UploadTarget) => Promise<readonly File[]>,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The clash to ask about now, or null. */
  current = (): NameClash | null => this.waiting[0] ?? null;

  ask(clash: NameClash): void {
    this.waiting = [...this.waiting, clash];
    this.notify();
  }

  /** Answers the current clash: its files go to the upload queue as chosen (or nowhere). */
  answer(choice: ClashChoice): void {
    const [clash, ...rest] = this.waiting;
    if (!clash) return;
    this.waiting = rest;
    if (choice === "keep")
      void this.keep(clash.files, clash.target).then(
        (renamed) => this.uploads.add(renamed, clash.target),
        () => this.uploads.add(clash.files, clash.target),
      );
    if (choice === "replace") {
      for (const file of clash.files) {
        const fileId = clash.existing.get(file.name);
        this.uploads.add([file], fileId ? { ...clash.target, fileId } : clash.target);
      }
    }
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
