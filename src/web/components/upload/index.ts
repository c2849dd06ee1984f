// Being written by the upload work in this session; these placeholders keep the browse views compiling.
export { UploadButton, UploadDropZone } from "./placeholder.tsx";
