import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { BlobStore } from "../blobs/blob-store.ts";
import { touchBlob } from "../content/content.repository.ts";
import type { Db } from "../db/client.ts";
import type { JobContext, JobOutcome } from "../jobs/job-handler.ts";
import { outcome } from "../jobs/job-handler.ts";
import type { SystemContext } from "../platform/context.ts";
import { actors } from "../platform/outbox.ts";
import { joinPath } from "./entry-names.ts";
import * as repo from "./transfers.repository.ts";
import { emitTransfer } from "./transfers.service.ts";

export class MissingBlobError extends Error {}

/** What a zip holds: `path` is the folder an entry sits in ("" is the top), `name` its name there. */
export interface ZipEntries {
  files: Pick<repo.TransferFileRow, "path" | "name" | "size" | "blobSha256">[];
  folders: Pick<repo.TransferFolderRow, "path" | "name">[];
}

/**
 * Streams a zip of the entries: folders as directory entries, files stored as they are (brand assets are already
 * compressed; storing keeps the build I/O-bound), each file's bytes opened only when the writer reaches it, so
 * memory stays flat whatever the size. Zip64 is used where sizes need it.
 */
export function zipStream(blobs: BlobStore, entries: ZipEntries, mtime: Date): Readable {
  const zip = new ZipFile();
  for (const folder of entries.folders) zip.addEmptyDirectory(joinPath(folder.path, folder.name), { mtime });
  for (const file of entries.files) {
    zip.addReadStreamLazy(
      joinPath(file.path, file.name),
      { mtime, compress: false, size: file.size },
      (callback) => {
        blobs.open(file.blobSha256).then(
          (stream) =>
            stream
              ? callback(null, stream)
              : callback(new MissingBlobError(`blob ${file.blobSha256} is missing`), undefined as never),
          (error: Error) => callback(error, undefined as never),
        );
      },
    );
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // yazl reports a failed source on the ZipFile, not on its output: fail the output so its reader stops.
  // The reader may not be listening yet; it still sees the error when it starts (the stream is destroyed with it).
  output.on("error", () => {});
  zip.on("error", (error: Error) => output.destroy(error));
  return output;
}

/**
 * The `transfers.build_zip` job: builds and stores the zip, then `ready` with `transfer.ready`. A transfer that
 * ended meanwhile is left alone. Missing bytes, or the last attempt failing, end it `expired` with
 * `expired_reason: build_failed` and `transfer.expired`.
 */
export async function buildTransferZip(
  { db, deps }: SystemContext,
  { transferId, run }: { transferId: string; run: Pick<JobContext, "attempt" | "maxAttempts"> },
): Promise<JobOutcome> {
  const transfer = await repo.findTransferById(db, transferId);
  if (transfer?.status !== "processing") return outcome.skipped("transfer is not processing");
  const [files, folders] = await Promise.all([
    repo.filesOf(db, [transferId]),
    repo.foldersOf(db, [transferId]),
  ]);
  try {
    const stored = await deps.blobs.put(zipStream(deps.blobs, { files, folders }, transfer.createdAt));
    await db.transaction(async (t) => {
      const tx = t as Db;
      await touchBlob(tx, stored.sha256, stored.size);
      const ready = await repo.moveStatus(tx, transferId, ["processing"], {
        status: "ready",
        zipSha256: stored.sha256,
        zipSize: stored.size,
        readyAt: new Date(),
      });
      if (ready) await emitTransfer(tx, "transfer.ready", actors.system(), ready);
    });
    return outcome.success();
  } catch (error) {
    const permanent = error instanceof MissingBlobError || run.attempt >= run.maxAttempts;
    if (!permanent) return outcome.failed(String(error));
    await failBuild(db, transferId);
    return outcome.failed(`zip build failed for good: ${String(error)}`);
  }
}

async function failBuild(db: Db, transferId: string) {
  await db.transaction(async (t) => {
    const tx = t as Db;
    const failed = await repo.moveStatus(tx, transferId, ["processing"], {
      status: "expired",
      expiredReason: "build_failed",
      expiredAt: new Date(),
    });
    if (failed) await emitTransfer(tx, "transfer.expired", actors.system(), failed);
  });
}
