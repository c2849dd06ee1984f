import type { Upload } from "../../../contract/uploads.ts";

export type UploadStatus =
  | "queued"
  | "uploading"
  | "paused"
  | "offline"
  | "retrying"
  | "completing"
  | "processing"
  | "done"
  | "failed"
  | "canceled";

/** Statuses whose bytes are not all on the service yet: leaving the page loses them. */
export const UNFINISHED: ReadonlySet<UploadStatus> = new Set([
  "queued",
  "uploading",
  "paused",
  "offline",
  "retrying",
  "completing",
]);

/**
 * Where an upload lands: a folder, a library's top level (folderId null), a new version of `fileId`, or a
 * transfer (`transferId`; library and folder are then unused).
 */
export interface UploadTarget {
  libraryId: string;
  folderId: string | null;
  fileId?: string;
  transferId?: string;
}

/** One file in the queue, as the panel shows it. Replaced, never mutated, so React can compare by identity. */
export interface UploadItem {
  key: string;
  name: string;
  size: number;
  target: UploadTarget;
  status: UploadStatus;
  loaded: number;
  /** Bytes per second while uploading. */
  rate: number | null;
  secondsLeft: number | null;
  error: string | null;
  /** When a retrying upload tries again (epoch ms). */
  retryAt: number | null;
  uploadId: string | null;
  method: Upload["method"] | null;
  /** The file it made (or the file it added a version to). */
  fileId: string | null;
  /** Processing of the new file failed: the bytes are stored but there is no preview. */
  processingFailed: boolean;
  thumbnailUrl: string | null;
}
