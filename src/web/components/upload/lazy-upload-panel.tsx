import { useUploadRuntime } from "./upload-queue.ts";

/** The upload panel, from the first upload on (see upload-queue.ts). */
export function LazyUploadPanel() {
  const runtime = useUploadRuntime();
  return runtime ? <runtime.UploadPanel /> : null;
}
