export { FilePickerButton, UploadButton } from "./upload-button.tsx";
export { UploadDropZone } from "./upload-drop-zone.tsx";
export type { UploadItem, UploadStatus, UploadTarget } from "./upload-manager.ts";
export { UploadPanel } from "./upload-panel.tsx";
export { uploads, useUploads } from "./upload-store.ts";
