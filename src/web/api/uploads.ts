import type { z } from "zod";
import type { File as FileResource, Version } from "../../contract/files.ts";
import { getFile } from "../../contract/operations/files.ts";
import { abortUpload, completeUpload, createUpload, getUpload } from "../../contract/operations/uploads.ts";
import type { TransferFile } from "../../contract/transfers.ts";
import { type CreateUploadBody, type Upload, UploadPart } from "../../contract/uploads.ts";
import { ApiError, call, viaBff } from "./client.ts";
import { NetworkError } from "./network-error.ts";

export { NetworkError };

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

export type UploadPartAnswer = z.infer<typeof UploadPart>;
export type UploadResult = FileResource | Version | z.infer<typeof TransferFile>;

/** What the upload manager needs from the service; tests give it a fake. */
export interface UploadTransport {
  create(
    body: z.input<typeof CreateUploadBody>,
    idempotencyKey: string,
    signal: AbortSignal,
  ): Promise<Upload>;
  get(uploadId: string, signal: AbortSignal): Promise<Upload>;
  /** PUTs bytes to a signed upload or part URL, reporting bytes sent as they go. */
  put(
    url: string,
    body: Blob,
    options: { signal: AbortSignal; onProgress: (loaded: number) => void },
  ): Promise<UploadPartAnswer>;
  complete(
    uploadId: string,
    parts: { number: number; etag: string }[] | undefined,
    idempotencyKey: string,
    signal: AbortSignal,
  ): Promise<UploadResult>;
  abort(uploadId: string): Promise<void>;
  fileStatus(fileId: string): Promise<Pick<FileResource, "status" | "thumbnail_url">>;
}

function errorOfXhr(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's error page): the status alone explains it.
  }
  const error = body as { object?: string } | null;
  return new ApiError(xhr.status, error?.object === "error" ? (error as never) : null);
}

/**
 * A PUT with upload progress. fetch has no upload progress events, XMLHttpRequest does. The URL goes through
 * the BFF (`viaBff`), which streams the body to the service.
 */
export function putBytes(
  url: string,
  body: Blob,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (loaded: number) => void },
): Promise<UploadPartAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    const done = () => signal.removeEventListener("abort", onAbort);
    xhr.open("PUT", viaBff(url) ?? url);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(UploadPart.parse(JSON.parse(xhr.responseText)));
        } catch {
          reject(new ApiError(xhr.status, null));
        }
      } else {
        reject(errorOfXhr(xhr));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException("Aborted", "AbortError"));
    };
    xhr.send(body);
  });
}

/** fetch rejects with a TypeError when the network is down; the manager treats it as a network error. */
async function networkSafe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof TypeError) throw new NetworkError();
    throw error;
  }
}

/** The service, reached through the BFF. */
export const bffUploadTransport: UploadTransport = {
  create: (body, idempotencyKey, signal) =>
    networkSafe(() => call(createUpload, { body, idempotencyKey, signal })),
  get: (uploadId, signal) => networkSafe(() => call(getUpload, { params: { uploadId }, signal })),
  put: putBytes,
  complete: (uploadId, parts, idempotencyKey, signal) =>
    networkSafe(() =>
      call(completeUpload, {
        params: { uploadId },
        body: parts ? { parts } : undefined,
        idempotencyKey,
        signal,
      }),
    ),
  abort: async (uploadId) => {
    await call(abortUpload, { params: { uploadId }, idempotencyKey: crypto.randomUUID() });
  },
  fileStatus: (fileId) => networkSafe(() => call(getFile, { params: { fileId } })),
};
