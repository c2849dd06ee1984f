export { FilePickerButton, UploadButton } from "./upload-button.tsx";
export { UploadDropZone } from "./upload-drop-zone.tsx";
export { errorText } from "./upload-errors.ts";
export { UNFINISHED, type UploadItem, type UploadStatus, type UploadTarget } from "./upload-manager.ts";
export { UploadPanel } from "./upload-panel.tsx";
export { UploadRow } from "./upload-row.tsx";
export { uploads, useUploads } from "./upload-store.ts";
