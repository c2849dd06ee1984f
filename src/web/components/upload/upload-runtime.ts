/** What uploading needs once a file is picked or dropped: one chunk, fetched then (see upload-queue.ts). */

export { imports } from "./import-queue.ts";
export { UploadPanel } from "./upload-panel.tsx";
export { UploadRow } from "./upload-row.tsx";
export { queueFiles, uploads } from "./upload-store.ts";
