/** What uploading needs once a file is picked or dropped: one chunk, fetched then (see upload-queue.ts). */

export { treeOfPicked } from "./folder-tree.ts";
export { imports } from "./import-queue.ts";
export { UploadPanel } from "./upload-panel.tsx";
export { UploadRow } from "./upload-row.tsx";
export { queueDroppedFolders, queueFiles, queueTree, uploads } from "./upload-store.ts";
