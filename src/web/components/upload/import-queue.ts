import type { ImportErrorCode, ImportRecord } from "../../../contract/imports.ts";
import { getImport } from "../../../contract/operations/imports.ts";
import { call } from "../../api/client.ts";

/** A failure code in words, for the panel. */
export const IMPORT_FAILURES: Record<ImportErrorCode, string> = {
  url_not_allowed: "That address is not allowed: imports only fetch public web addresses.",
  connection_failed: "The server could not be reached.",
  http_error: "The server refused to send the file.",
  too_many_redirects: "The address redirected too many times.",
  file_too_large: "The file is larger than the 5 GB import limit.",
  timeout: "The server stopped sending the file.",
  truncated: "The download was cut off before the end.",
  empty_file: "The address sent an empty file.",
  destination_unavailable: "The folder or library it was going to was removed.",
  interrupted: "The import was interrupted too many times. Try again.",
  internal_error: "Something went wrong on our side. Try again.",
};

const TERMINAL = new Set(["completed", "failed"]);
const POLL_MS = 1_000;

/**
 * URL imports started from this tab, polled every second until they end: a small store (like the upload queue)
 * the upload panel shows beside the uploads.
 */
export class ImportQueue {
  private items: ImportRecord[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly endListeners = new Set<(record: ImportRecord) => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): readonly ImportRecord[] => this.items;

  /** Called once per import when it completes or fails. */
  onEnd(listener: (record: ImportRecord) => void): () => void {
    this.endListeners.add(listener);
    return () => void this.endListeners.delete(listener);
  }

  add(record: ImportRecord): void {
    this.items = [record, ...this.items.filter((i) => i.id !== record.id)];
    this.notify();
    this.schedule();
  }

  dismissSettled(): void {
    this.items = this.items.filter((i) => !TERMINAL.has(i.status));
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private schedule() {
    if (this.timer || !this.items.some((i) => !TERMINAL.has(i.status))) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, POLL_MS);
  }

  private async poll() {
    const running = this.items.filter((i) => !TERMINAL.has(i.status));
    const fresh = await Promise.all(
      running.map((i) => call(getImport, { params: { importId: i.id } }).catch(() => i)),
    );
    this.items = this.items.map((i) => fresh.find((f) => f.id === i.id) ?? i);
    this.notify();
    for (const record of fresh) {
      if (TERMINAL.has(record.status)) for (const listener of this.endListeners) listener(record);
    }
    this.schedule();
  }
}

export const imports = new ImportQueue();
