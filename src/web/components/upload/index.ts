export { LazyUploadPanel } from "./lazy-upload-panel.tsx";
export { FilePickerButton, UploadButton, useFolderPicker } from "./upload-button.tsx";
export { UploadDropZone } from "./upload-drop-zone.tsx";
export { UNFINISHED, type UploadItem, type UploadStatus, type UploadTarget } from "./upload-item.ts";
export { useUploadRuntime, useUploads } from "./upload-queue.ts";
