import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Upload } from "../../../contract/uploads.ts";
import { ApiError } from "../../api/client.ts";
import { NetworkError, type UploadPartAnswer, type UploadTransport } from "../../api/uploads.ts";
import { type UploadEvent, UploadManager } from "./upload-manager.ts";

const PART = 4;
const SINGLE_MAX = 10;

interface PendingPut {
  uploadId: string;
  number: number;
  size: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** An in-memory service: uploads over 10 bytes are multipart with 4-byte parts; PUTs can be held back. */
class FakeService implements UploadTransport {
  readonly uploads = new Map<string, { upload: Upload; received: Map<number, number> }>();
  readonly byKey = new Map<string, string>();
  readonly sent: string[] = [];
  readonly pending: PendingPut[] = [];
  hold = false;
  putFailures: unknown[] = [];
  createFailure: unknown = null;
  fileState: "processing" | "ready" = "processing";
  aborted: string[] = [];

  async create(body: { name: string; size: number }, key: string) {
    if (this.createFailure) throw this.createFailure;
    const known = this.byKey.get(key);
    if (known) return this.view(known);
    const id = `upl_${this.uploads.size + 1}`;
    const multipart = body.size > SINGLE_MAX;
    const count = Math.ceil(body.size / PART);
    const upload: Upload = {
      object: "upload",
      id,
      status: "pending",
      method: multipart ? "multipart" : "single",
      upload_url: multipart ? null : `http://svc/v1/uploads/${id}/content`,
      part_size: multipart ? PART : body.size,
      parts: multipart
        ? Array.from({ length: count }, (_, i) => ({
            number: i + 1,
            url: `http://svc/v1/uploads/${id}/parts/${i + 1}`,
          }))
        : [],
      received_parts: [],
      expires_at: "2030-01-01T00:00:00.000Z",
      name: body.name,
      size: body.size,
      file_id: null,
      library_id: "lib_1",
      folder_id: null,
      created_at: "2030-01-01T00:00:00.000Z",
      completed_at: null,
    };
    this.uploads.set(id, { upload, received: new Map() });
    this.byKey.set(key, id);
    return this.view(id);
  }

  async get(uploadId: string) {
    if (!this.uploads.has(uploadId))
      throw new ApiError(404, { code: "not_found", message: "No such upload." });
    return this.view(uploadId);
  }

  put(url: string, body: Blob, { signal }: { signal: AbortSignal; onProgress: (n: number) => void }) {
    const [, uploadId = "", kind, n] = /uploads\/([^/]+)\/(content|parts\/(\d+))/.exec(url) ?? [];
    const number = kind === "content" ? 1 : Number(n);
    return new Promise<UploadPartAnswer>((resolve, reject) => {
      const failure = this.putFailures.shift();
      if (failure) return reject(failure);
      const accept = () => {
        this.uploads.get(uploadId)?.received.set(number, body.size);
        this.sent.push(`${uploadId}#${number}`);
        resolve({ object: "upload_part", number, etag: `e${number}`, size: body.size });
      };
      signal.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
      if (!this.hold) return accept();
      this.pending.push({ uploadId, number, size: body.size, resolve: accept, reject });
    });
  }

  async complete(uploadId: string) {
    const entry = this.uploads.get(uploadId)!;
    const got = [...entry.received.values()].reduce((a, b) => a + b, 0);
    if (got !== entry.upload.size)
      throw new ApiError(400, { code: "validation_error", message: "Bad parts." });
    entry.upload.status = "completed";
    return fileOf("fil_1");
  }

  async abort(uploadId: string) {
    this.aborted.push(uploadId);
  }

  async fileStatus() {
    return { status: this.fileState, thumbnail_url: this.fileState === "ready" ? "http://svc/thumb" : null };
  }

  private view(id: string): Upload {
    const { upload, received } = this.uploads.get(id)!;
    return {
      ...upload,
      received_parts: [...received].map(([number, size]) => ({ number, size, etag: `e${number}` })),
    };
  }
}

function fileOf(id: string) {
  return {
    object: "file",
    id,
    status: "processing",
    thumbnail_url: null,
    // The manager reads only the fields above; the rest of a File is irrelevant here.
  } as never;
}

const fileOfSize = (size: number, name = `f${size}.bin`) => new File([new Uint8Array(size)], name);

async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

let service: FakeService;
let online = true;
let manager: UploadManager;
let events: UploadEvent[];
let n = 0;

beforeEach(() => {
  vi.useFakeTimers();
  service = new FakeService();
  online = true;
  n = 0;
  manager = new UploadManager({
    transport: service,
    isOnline: () => online,
    newKey: () => `k${++n}`,
  });
  events = [];
  manager.onEvent((event) => events.push(event));
});

afterEach(() => {
  vi.useRealTimers();
});

const statusOf = (key: string | undefined) => manager.getSnapshot().find((item) => item.key === key)?.status;

describe("UploadManager", () => {
  it("uploads a small file with one PUT and a large one part by part", async () => {
    const [small, large] = [
      ...manager.add([fileOfSize(5)], { libraryId: "lib_1", folderId: null }),
      ...manager.add([fileOfSize(10 + 1)], { libraryId: "lib_1", folderId: "fld_1" }),
    ];
    await settle();
    expect(service.sent).toEqual(["upl_1#1", "upl_2#1", "upl_2#2", "upl_2#3"]);
    expect(statusOf(small)).toBe("processing");
    expect(statusOf(large)).toBe("processing");
    expect(events.map((e) => e.type)).toEqual(["completed", "completed"]);
    expect(manager.getSnapshot().every((item) => item.loaded === item.size)).toBe(true);

    service.fileState = "ready";
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(statusOf(small)).toBe("done");
    expect(manager.getSnapshot()[0]?.thumbnailUrl).toBe("http://svc/thumb");
    expect(events.filter((e) => e.type === "processed")).toHaveLength(2);
  });

  it("uploads at most three files at once", async () => {
    service.hold = true;
    manager.add(
      Array.from({ length: 5 }, (_, i) => fileOfSize(3, `f${i}`)),
      { libraryId: "lib_1", folderId: null },
    );
    await settle();
    expect(service.pending).toHaveLength(3);
    expect(manager.getSnapshot().map((item) => item.status)).toEqual([
      "uploading",
      "uploading",
      "uploading",
      "queued",
      "queued",
    ]);
    service.pending.shift()?.resolve();
    await settle();
    expect(service.pending).toHaveLength(3);
    expect(manager.getSnapshot()[3]?.status).toBe("uploading");
  });

  it("pauses by aborting the part in flight and resumes with only the missing parts", async () => {
    service.hold = true;
    const [key] = manager.add([fileOfSize(12)], { libraryId: "lib_1", folderId: null });
    await settle();
    service.pending.shift()?.resolve();
    await settle();
    expect(service.pending.map((p) => p.number)).toEqual([2]);

    manager.pause(key!);
    await settle();
    expect(statusOf(key)).toBe("paused");
    expect(service.sent).toEqual(["upl_1#1"]);

    service.hold = false;
    manager.resume(key!);
    await settle();
    expect(service.sent).toEqual(["upl_1#1", "upl_1#2", "upl_1#3"]);
    expect(service.uploads.size).toBe(1);
    expect(statusOf(key)).toBe("processing");
  });

  it("retries a network error with backoff, and waits for the browser to be online again", async () => {
    service.putFailures = [new NetworkError()];
    const [key] = manager.add([fileOfSize(5)], { libraryId: "lib_1", folderId: null });
    await settle();
    expect(statusOf(key)).toBe("retrying");
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(statusOf(key)).toBe("processing");

    online = false;
    service.putFailures = [new NetworkError()];
    const [second] = manager.add([fileOfSize(5)], { libraryId: "lib_1", folderId: null });
    await settle();
    expect(statusOf(second)).toBe("offline");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statusOf(second)).toBe("offline");
    online = true;
    manager.goOnline();
    await settle();
    expect(statusOf(second)).toBe("processing");
  });

  it("retries 5xx answers but fails at once with the service's message on a client error", async () => {
    service.putFailures = [new ApiError(503, { code: "unavailable", message: "Busy." })];
    const [key] = manager.add([fileOfSize(5)], { libraryId: "lib_1", folderId: null });
    await settle();
    expect(statusOf(key)).toBe("retrying");

    service.createFailure = new ApiError(413, {
      code: "payload_too_large",
      message: "The file is too large for this plan.",
    });
    const [big] = manager.add([fileOfSize(5)], { libraryId: "lib_1", folderId: null });
    await settle();
    expect(statusOf(big)).toBe("failed");
    expect(manager.getSnapshot().find((i) => i.key === big)?.error).toBe(
      "The file is too large for this plan.",
    );
    expect(events.at(-1)?.type).toBe("failed");
  });

  it("starts over with a new upload when the old one is gone", async () => {
    service.hold = true;
    const [key] = manager.add([fileOfSize(12)], { libraryId: "lib_1", folderId: null });
    await settle();
    manager.pause(key!);
    service.uploads.clear();
    service.hold = false;
    manager.resume(key!);
    await settle();
    expect(statusOf(key)).toBe("failed");

    manager.retry(key!);
    await settle();
    expect(statusOf(key)).toBe("processing");
    expect(service.byKey.size).toBe(2);
  });

  it("cancels: aborts the request and the upload on the service", async () => {
    service.hold = true;
    const [key] = manager.add([fileOfSize(12)], { libraryId: "lib_1", folderId: null });
    await settle();
    manager.cancel(key!);
    await settle();
    expect(statusOf(key)).toBe("canceled");
    expect(service.aborted).toEqual(["upl_1"]);
    manager.clearFinished();
    expect(manager.getSnapshot()).toEqual([]);
  });
});
