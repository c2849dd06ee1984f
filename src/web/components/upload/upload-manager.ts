import type { Upload } from "../../../contract/uploads.ts";
import { errorMessage } from "../../api/error-message.ts";
import type { UploadResult, UploadTransport } from "../../api/uploads.ts";
import { addSample, backoffMs, bytesReceived, partsToSend, planParts, rateOf, secondsLeft } from "./plan.ts";
import { isGone, isTransient, UploadGoneError } from "./upload-errors.ts";
import { UNFINISHED, type UploadItem, type UploadStatus, type UploadTarget } from "./upload-item.ts";

export type UploadEvent =
  | { type: "completed"; item: UploadItem; result: UploadResult }
  | { type: "processed"; item: UploadItem }
  | { type: "failed"; item: UploadItem };

interface Job {
  file: Blob;
  createKey: string;
  completeKey: string;
  controller: AbortController | null;
  attempts: number;
  timer: ReturnType<typeof setTimeout> | null;
  samples: { at: number; loaded: number }[];
  polls: number;
}

export interface ManagerOptions {
  transport: UploadTransport;
  /** Files uploading at once; the parts of one file go one after the other. */
  concurrency?: number;
  maxAttempts?: number;
  isOnline?: () => boolean;
  now?: () => number;
  pollMs?: number;
  newKey?: () => string;
}

const ACTIVE: ReadonlySet<UploadStatus> = new Set(["uploading", "completing"]);
const FINISHED: ReadonlySet<UploadStatus> = new Set(["done", "canceled"]);
// Files still processing are checked a few at a time, so a large batch does not flood the service.
const POLL_BATCH = 5;

/**
 * The upload queue: a small store outside React Query (read with useSyncExternalStore). Files upload a few at
 * a time; each is a single PUT or a multipart upload whose parts go one after the other. Pausing aborts the part
 * in flight; resuming re-reads the upload and sends only the parts missing from `received_parts`.
 */
export class UploadManager {
  private items: UploadItem[] = [];
  private readonly jobs = new Map<string, Job>();
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: UploadEvent) => void>();
  private readonly options: Required<ManagerOptions>;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ManagerOptions) {
    this.options = {
      concurrency: 3,
      maxAttempts: 8,
      isOnline: () => true,
      now: () => Date.now(),
      pollMs: 2_000,
      newKey: () => crypto.randomUUID(),
      ...options,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadItem[] => this.items;

  /** Completion, processing and failure of each upload: the UI toasts and refreshes its queries. */
  onEvent(listener: (event: UploadEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => void this.eventListeners.delete(listener);
  }

  add(files: readonly File[], target: UploadTarget): string[] {
    const keys = files.map((file) => {
      const key = this.options.newKey();
      this.jobs.set(key, {
        file,
        createKey: this.options.newKey(),
        completeKey: this.options.newKey(),
        controller: null,
        attempts: 0,
        timer: null,
        samples: [],
        polls: 0,
      });
      this.items = [...this.items, newItem(key, file, target)];
      return key;
    });
    this.notify();
    this.pump();
    return keys;
  }

  pause(key: string): void {
    const item = this.get(key);
    if (!item || !["queued", "uploading", "retrying", "offline"].includes(item.status)) return;
    this.stop(key);
    this.update(key, { status: "paused", rate: null, secondsLeft: null, retryAt: null });
    this.pump();
  }

  resume(key: string): void {
    const item = this.get(key);
    if (!item || !["paused", "offline", "retrying"].includes(item.status)) return;
    this.stop(key);
    this.update(key, { status: "queued", error: null, retryAt: null });
    this.pump();
  }

  retry(key: string): void {
    const item = this.get(key);
    const job = this.jobs.get(key);
    if (!item || !job || item.status !== "failed") return;
    job.attempts = 0;
    this.update(key, { status: "queued", error: null });
    this.pump();
  }

  cancel(key: string): void {
    const item = this.get(key);
    if (!item || !UNFINISHED.has(item.status)) return;
    this.stop(key);
    this.update(key, { status: "canceled", rate: null, secondsLeft: null, retryAt: null });
    if (item.uploadId) void this.options.transport.abort(item.uploadId).catch(() => {});
    this.pump();
  }

  /** Takes an item off the list; an unfinished one is canceled first. */
  remove(key: string): void {
    this.cancel(key);
    this.jobs.delete(key);
    this.items = this.items.filter((item) => item.key !== key);
    this.notify();
  }

  clearFinished(): void {
    for (const item of this.items) if (FINISHED.has(item.status)) this.jobs.delete(item.key);
    this.items = this.items.filter((item) => !FINISHED.has(item.status));
    this.notify();
  }

  /** Empties the list of everything that is not on its way (done, failed, canceled, still processing). */
  dismissSettled(): void {
    for (const item of this.items) if (!UNFINISHED.has(item.status)) this.jobs.delete(item.key);
    this.items = this.items.filter((item) => UNFINISHED.has(item.status));
    this.notify();
  }

  pauseAll(): void {
    for (const item of this.items) this.pause(item.key);
  }

  resumeAll(): void {
    for (const item of this.items) this.resume(item.key);
  }

  /** The browser is back online: uploads that waited for the network go on at once. */
  goOnline(): void {
    for (const item of this.items) {
      if (item.status === "offline" || item.status === "retrying") this.resume(item.key);
    }
  }

  private get(key: string): UploadItem | undefined {
    return this.items.find((item) => item.key === key);
  }

  private update(key: string, patch: Partial<UploadItem>, quiet = false): void {
    this.items = this.items.map((item) => (item.key === key ? { ...item, ...patch } : item));
    if (quiet) this.notifySoon();
    else this.notify();
  }

  private notify(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    for (const listener of this.listeners) listener();
  }

  /** Progress events come many times a second; the UI hears of them at most ten times a second. */
  private notifySoon(): void {
    this.notifyTimer ??= setTimeout(() => this.notify(), 100);
  }

  private emit(event: UploadEvent): void {
    for (const listener of this.eventListeners) listener(event);
  }

  /** Aborts whatever the item is doing (a request in flight, a pending retry). */
  private stop(key: string): void {
    const job = this.jobs.get(key);
    if (!job) return;
    job.controller?.abort();
    job.controller = null;
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
  }

  private pump(): void {
    let active = this.items.filter((item) => ACTIVE.has(item.status)).length;
    for (const item of this.items) {
      if (active >= this.options.concurrency) break;
      if (item.status !== "queued") continue;
      active++;
      void this.run(item.key);
    }
  }

  private progress(key: string, loaded: number): void {
    const job = this.jobs.get(key);
    const item = this.get(key);
    if (!job || !item) return;
    job.samples = addSample(job.samples, { at: this.options.now(), loaded });
    const rate = rateOf(job.samples);
    this.update(key, { loaded, rate, secondsLeft: secondsLeft(item.size - loaded, rate) }, true);
  }

  private async run(key: string): Promise<void> {
    const job = this.jobs.get(key);
    const item = this.get(key);
    if (!job || !item) return;
    const controller = new AbortController();
    const { signal } = controller;
    job.controller = controller;
    job.samples = [];
    this.update(key, { status: "uploading", error: null, retryAt: null });
    const { transport } = this.options;
    try {
      const upload = item.uploadId
        ? await transport.get(item.uploadId, signal)
        : await transport.create(createBody(item, job.file), job.createKey, signal);
      this.update(key, { uploadId: upload.id, method: upload.method });
      if (upload.status === "aborted" || upload.status === "expired") {
        throw new UploadGoneError(`This upload was ${upload.status}.`);
      }
      if (upload.status === "pending") await this.sendParts(key, job, upload, signal);
      signal.throwIfAborted();
      this.update(key, { status: "completing", loaded: item.size, rate: null, secondsLeft: null });
      const result = await transport.complete(upload.id, undefined, job.completeKey, signal);
      this.finish(key, result);
    } catch (error) {
      if (!signal.aborted) this.failed(key, job, error);
    } finally {
      if (job.controller === controller) job.controller = null;
      this.pump();
    }
  }

  private async sendParts(key: string, job: Job, upload: Upload, signal: AbortSignal): Promise<void> {
    const plan = planParts(upload);
    let done = bytesReceived(plan, upload.received_parts);
    this.progress(key, done);
    for (const part of partsToSend(plan, upload.received_parts)) {
      signal.throwIfAborted();
      const sent = done;
      await this.options.transport.put(part.url, job.file.slice(part.start, part.end), {
        signal,
        onProgress: (loaded) => this.progress(key, sent + loaded),
      });
      done += part.end - part.start;
      // A part that arrives shows the connection works again: the next failure starts its backoff afresh.
      job.attempts = 0;
      this.progress(key, done);
    }
  }

  private finish(key: string, result: UploadResult): void {
    // A file sent into a transfer is stored as it is: nothing to process.
    const status = result.object === "transfer_file" ? "ready" : result.status;
    const fileId = result.object === "version" ? result.file_id : result.id;
    const settled = status !== "processing";
    this.update(key, {
      status: settled ? "done" : "processing",
      fileId,
      processingFailed: status === "failed",
      thumbnailUrl: result.object === "file" ? result.thumbnail_url : null,
    });
    const item = this.get(key);
    if (item) this.emit({ type: "completed", item, result });
    if (!settled) this.schedulePoll();
  }

  private failed(key: string, job: Job, error: unknown): void {
    if (isTransient(error)) {
      if (!this.options.isOnline()) {
        this.update(key, { status: "offline", rate: null, secondsLeft: null, error: errorMessage(error) });
        return;
      }
      job.attempts += 1;
      if (job.attempts < this.options.maxAttempts) {
        const delay = backoffMs(job.attempts);
        this.update(key, {
          status: "retrying",
          retryAt: this.options.now() + delay,
          rate: null,
          secondsLeft: null,
          error: errorMessage(error),
        });
        job.timer = setTimeout(() => this.resume(key), delay);
        return;
      }
    }
    if (isGone(error)) {
      // The next retry starts a new upload, with fresh idempotency keys.
      job.createKey = this.options.newKey();
      job.completeKey = this.options.newKey();
      this.update(key, { uploadId: null, loaded: 0 }, true);
    }
    this.update(key, { status: "failed", rate: null, secondsLeft: null, error: errorMessage(error) });
    const item = this.get(key);
    if (item) this.emit({ type: "failed", item });
  }

  private schedulePoll(): void {
    // Long processing (a large video) is checked less often after the first minute or so.
    const polls = this.items
      .filter((item) => item.status === "processing")
      .map((item) => this.jobs.get(item.key)?.polls ?? 0);
    const slow = polls.length > 0 && Math.min(...polls) > 30;
    this.pollTimer ??= setTimeout(() => void this.poll(), this.options.pollMs * (slow ? 5 : 1));
  }

  /** Follows files still processing until they are ready (or failed), so the panel can show their thumbnail. */
  private async poll(): Promise<void> {
    const due = this.items
      .filter((item) => item.status === "processing" && item.fileId)
      .sort((a, b) => (this.jobs.get(a.key)?.polls ?? 0) - (this.jobs.get(b.key)?.polls ?? 0))
      .slice(0, POLL_BATCH);
    await Promise.all(due.map((item) => this.check(item)));
    this.pollTimer = null;
    if (this.items.some((item) => item.status === "processing")) this.schedulePoll();
  }

  private async check(item: UploadItem): Promise<void> {
    const job = this.jobs.get(item.key);
    if (job) job.polls += 1;
    try {
      const file = await this.options.transport.fileStatus(item.fileId ?? "");
      if (file.status === "processing") return;
      this.update(item.key, {
        status: "done",
        processingFailed: file.status === "failed",
        thumbnailUrl: file.thumbnail_url,
      });
    } catch (error) {
      // A file trashed meanwhile, or a network hiccup: the next round asks again unless it is gone.
      if (!isGone(error)) return;
      this.update(item.key, { status: "done" });
    }
    const settled = this.get(item.key);
    if (settled?.status === "done") this.emit({ type: "processed", item: settled });
  }
}

function newItem(key: string, file: File, target: UploadTarget): UploadItem {
  return {
    key,
    name: file.name,
    size: file.size,
    target,
    status: "queued",
    loaded: 0,
    rate: null,
    secondsLeft: null,
    error: null,
    retryAt: null,
    uploadId: null,
    method: null,
    fileId: null,
    processingFailed: false,
    thumbnailUrl: null,
  };
}

function createBody(item: UploadItem, file: Blob) {
  const { target } = item;
  const place = target.transferId
    ? { transfer_id: target.transferId }
    : target.fileId
      ? { file_id: target.fileId }
      : target.folderId
        ? { folder_id: target.folderId }
        : { library_id: target.libraryId };
  return { name: item.name, size: item.size, ...(file.type ? { mime: file.type } : {}), ...place };
}
