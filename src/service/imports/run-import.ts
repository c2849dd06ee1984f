import type { Readable } from "node:stream";
import { IMPORT_LIMITS } from "../../contract/imports.ts";
import { BlobSizeMismatchError, BlobTooLargeError } from "../blobs/blob-errors.ts";
import { createFileFromContent } from "../content/create-file.ts";
import { sniffBlob } from "../content/sniff-blob.ts";
import type { Db } from "../db/client.ts";
import { findFolder } from "../folders/folders.repository.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { JobContext, JobOutcome } from "../jobs/job-handler.ts";
import { outcome } from "../jobs/job-handler.ts";
import { findLibrary } from "../libraries/libraries.repository.ts";
import type { SystemContext } from "../platform/context.ts";
import { emit } from "../platform/outbox.ts";
import { inWriteTransaction } from "../platform/retry-transaction.ts";
import { abandonBody, failureOf, ImportFailure, importAgent, openUrl } from "./fetch-url.ts";
import { importName } from "./import-name.ts";
import { importEventData } from "./imports.mapper.ts";
import * as repo from "./imports.repository.ts";

/** A waiting import looks again this often (an import that ends also wakes the next ones at once). */
const WAIT_MS = 2_000;
const PROGRESS_EVERY_MS = 500;

type Run = Pick<JobContext, "jobId" | "signal"> & { attempt?: number };

/** Runs of one import's job cut short (crashes, shutdowns) before it gives up with `interrupted`. */
const MAX_RUNS = 4;

const actorOf = (row: repo.ImportRow) => ({ type: "api_key" as const, id: row.apiKeyId });

export async function enqueueImportRun(db: Db, importId: string, runAt?: Date) {
  await enqueueJob(db, { type: "imports.run", payload: { importId } }, { runAt });
}

/**
 * The `imports.run` job. A queued import starts when its turn comes (at most 2 running per brandspace, in order),
 * else the job looks again later. The job that started an import, run again after a crash or a shutdown, starts
 * the download over; any other job for it leaves it alone. Every end wakes the brandspace's next waiting imports.
 */
export async function runImportJob(
  ctx: SystemContext,
  { importId, run }: { importId: string; run: Run },
): Promise<JobOutcome> {
  const { db, deps } = ctx;
  let row = await repo.findImportById(db, importId);
  if (!row) return outcome.skipped("import is gone");
  if (row.status === "queued") {
    const started = await repo.startIfTurn(db, row, IMPORT_LIMITS.concurrentPerBrandspace);
    if (!started) {
      await enqueueImportRun(db, row.id, new Date(Date.now() + WAIT_MS));
      return outcome.skipped("waiting for its turn");
    }
    row = await repo.updateImport(db, row.id, { jobId: run.jobId });
  } else if (row.status === "downloading" || row.status === "processing") {
    if (row.jobId !== run.jobId) return outcome.skipped("another job runs it");
    if ((run.attempt ?? 1) > MAX_RUNS) {
      await failImport(
        db,
        row,
        new ImportFailure("interrupted", "The import was interrupted too many times."),
      );
      return outcome.success();
    }
    row = await repo.updateImport(db, row.id, { status: "downloading", bytesReceived: 0 });
  } else {
    return outcome.skipped("import has ended");
  }
  try {
    await importFile(ctx, row, run.signal);
  } catch (error) {
    if (run.signal.aborted) throw error;
    const failure = error instanceof ImportFailure ? error : internalFailure(error);
    await failImport(db, row, failure);
  } finally {
    if (!run.signal.aborted) {
      for (const next of await repo.queuedOf(db, row.brandspaceId, IMPORT_LIMITS.concurrentPerBrandspace))
        await enqueueImportRun(db, next.id);
      deps.signal.notify("jobs");
    }
  }
  return outcome.success();
}

function internalFailure(error: unknown) {
  if (error instanceof BlobTooLargeError)
    return new ImportFailure("file_too_large", "The file is larger than the import limit.");
  if (error instanceof BlobSizeMismatchError)
    return new ImportFailure("truncated", "The server sent a different number of bytes than it announced.");
  const failure = failureOf(error);
  return failure.code === "connection_failed" && !(error as { code?: string })?.code?.startsWith?.("UND_ERR")
    ? new ImportFailure("internal_error", "The import failed on our side; try again.")
    : failure;
}

async function failImport(db: Db, row: repo.ImportRow, failure: ImportFailure) {
  await db.transaction(async (t) => {
    const tx = t as Db;
    const failed = await repo.updateImport(tx, row.id, {
      status: "failed",
      errorCode: failure.code,
      errorMessage: failure.message,
      completedAt: new Date(),
    });
    await emit(tx, {
      brandspaceId: row.brandspaceId,
      type: "import.failed",
      actor: actorOf(row),
      data: importEventData(failed),
    });
  });
}

/**
 * Counts bytes as they pass, stops past the cap, and records progress at most every `PROGRESS_EVERY_MS`: the
 * first bytes at once, the last ones even when the source then pauses, and what came at all when it fails (a
 * source cut short shows how far it got).
 */
async function* counted(source: Readable, max: number, onProgress: (bytes: number) => void) {
  let received = 0;
  let reported = 0;
  let reportedBytes = 0;
  let trailing: NodeJS.Timeout | null = null;
  const report = () => {
    trailing = null;
    reported = Date.now();
    reportedBytes = received;
    onProgress(received);
  };
  try {
    for await (const chunk of source) {
      received += (chunk as Buffer).length;
      if (received > max) {
        abandonBody(source);
        throw new ImportFailure(
          "file_too_large",
          `The file is larger than the import limit of ${max} bytes.`,
        );
      }
      const wait = reported + PROGRESS_EVERY_MS - Date.now();
      if (wait <= 0) report();
      else trailing ??= setTimeout(report, wait);
      yield chunk as Buffer;
    }
  } finally {
    if (trailing) clearTimeout(trailing);
    if (received !== reportedBytes) report();
  }
}

async function importFile({ db, deps }: SystemContext, row: repo.ImportRow, signal: AbortSignal) {
  const { importMaxBytes: max, importAllowHosts, importStallTimeoutMs } = deps.config;
  const agent = importAgent(importAllowHosts, importStallTimeoutMs);
  try {
    const opened = await openUrl(agent, new URL(row.url), signal);
    const announced = Number(opened.headers["content-length"]);
    const size = Number.isSafeInteger(announced) && announced >= 0 ? announced : null;
    const disposition = opened.headers["content-disposition"];
    const name = importName(row.name, typeof disposition === "string" ? disposition : undefined, opened.url);
    await repo.updateImport(db, row.id, { size, name });
    if (size !== null && size > max) {
      abandonBody(opened.body);
      throw new ImportFailure("file_too_large", `The file is ${size} bytes; imports take at most ${max}.`);
    }
    let progress = Promise.resolve();
    const stored = await deps.blobs
      .put(
        counted(opened.body, max, (bytes) => {
          progress = progress.then(() => repo.recordProgress(db, row.id, bytes)).catch(() => {});
        }),
        { maxBytes: max, ...(size !== null ? { expectedSize: size } : {}) },
      )
      // A failure is recorded after the progress, which it keeps.
      .finally(() => progress);
    if (stored.size === 0) throw new ImportFailure("empty_file", "The URL answered with no content.");
    await repo.updateImport(db, row.id, { status: "processing", bytesReceived: stored.size });
    const content = { ...stored, ...(await sniffBlob(deps.blobs, stored.sha256, name)), originalName: name };
    // Serializable (on PostgreSQL): a destination deleted or trashed meanwhile makes this try again, not take the file.
    await inWriteTransaction({ db, deps }, async (tx) => {
      const place = await destinationOf(tx, row);
      const created = await createFileFromContent(
        {
          db: tx,
          by: {
            brandspaceId: row.brandspaceId,
            userId: row.createdById,
            actor: { type: "user", id: row.createdById },
          },
        },
        { place: { ...place, name, externalUrl: row.url }, content },
      );
      const completed = await repo.updateImport(tx, row.id, {
        status: "completed",
        fileId: created.fileId,
        bytesReceived: stored.size,
        completedAt: new Date(),
      });
      await emit(tx, {
        brandspaceId: row.brandspaceId,
        type: "import.completed",
        actor: actorOf(row),
        data: importEventData(completed),
      });
    });
    deps.signal.notify("jobs");
  } finally {
    await agent.close().catch(() => {});
  }
}

/** The library, and the folder when still active; a destination gone meanwhile ends the import. */
async function destinationOf(db: Db, row: repo.ImportRow) {
  const library = row.libraryId ? await findLibrary(db, row.brandspaceId, row.libraryId) : null;
  if (!library)
    throw new ImportFailure("destination_unavailable", "The library was deleted during the import.");
  if (!row.folderId) return { libraryId: library.id, folderId: null };
  const folder = await findFolder(db, row.brandspaceId, row.folderId);
  if (!folder || folder.trashedAt || folder.hiddenBy || folder.libraryId !== library.id)
    throw new ImportFailure(
      "destination_unavailable",
      "The folder was moved to the trash or deleted during the import.",
    );
  return { libraryId: library.id, folderId: folder.id };
}
