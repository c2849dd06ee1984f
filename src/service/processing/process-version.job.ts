import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { touchBlob } from "../content/content.repository.ts";
import type { Db } from "../db/client.ts";
import { fileEventData } from "../files/files.mapper.ts";
import { type JobContext, type JobOutcome, outcome } from "../jobs/job-handler.ts";
import { MediaError } from "../media/errors.ts";
import { type ProcessedMedia, processFile } from "../media/process-file.ts";
import { processing } from "../metrics/metrics.ts";
import type { SystemContext } from "../platform/context.ts";
import { actors, emit } from "../platform/outbox.ts";
import { makeWorkDir } from "../platform/work-dirs.ts";
import * as repo from "./processing.repository.ts";

type Settled =
  | { status: "ready"; media: ProcessedMedia; stored: StoredRendition[] }
  | { status: "failed"; reason: string };
type StoredRendition = ProcessedMedia["renditions"][number] & { sha256: string };

/**
 * Processes one new version: renditions and metadata, then `ready` (or `failed` with a reason) and a single
 * `file.processed`. Re-reads the version first, so a duplicate or late run does nothing.
 */
export async function processVersionJob(
  { deps }: SystemContext,
  { versionId, run: context }: { versionId: string; run: JobContext },
): Promise<JobOutcome> {
  const version = await repo.findVersion(deps.db, versionId);
  if (!version) return outcome.skipped("version is gone");
  if (version.status !== "processing") return outcome.skipped(`version is already ${version.status}`);
  const work = await makeWorkDir("process");
  const started = performance.now();
  try {
    const settled = await analyse(deps, version, work, context);
    await settle(deps, version, settled);
    processing.observe({ kind: version.kind, result: settled.status }, (performance.now() - started) / 1000);
    return outcome.success();
  } catch (error) {
    // Past the last attempt a version must not stay `processing` for ever.
    if (context.attempt >= context.maxAttempts) {
      await settle(deps, version, {
        status: "failed",
        reason: `Processing did not finish: ${(error as Error).message}`,
      });
      return outcome.success();
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function analyse(
  deps: SystemContext["deps"],
  version: repo.VersionRow,
  work: string,
  context: JobContext,
): Promise<Settled> {
  const input = path.join(work, `input.${version.extension || "bin"}`);
  const source = await deps.blobs.open(version.blobSha256);
  if (!source) return { status: "failed", reason: "The stored bytes are missing." };
  await pipeline(source, createWriteStream(input));
  const outDir = path.join(work, "out");
  try {
    const media = await processFile(
      input,
      { kind: version.kind as never, mime: version.mime, extension: version.extension },
      outDir,
      {
        signal: context.signal,
      },
    );
    const stored: StoredRendition[] = [];
    for (const rendition of media.renditions) {
      const blob = await deps.blobs.put(createReadStream(rendition.path));
      stored.push({ ...rendition, sha256: blob.sha256, size: blob.size });
    }
    return { status: "ready", media, stored };
  } catch (error) {
    // A bad file settles as failed; `processing_error` (e.g. unreadable input) and aborts are worth a retry.
    if (error instanceof MediaError && !["aborted", "processing_error"].includes(error.reason)) {
      return { status: "failed", reason: error.message };
    }
    throw error;
  }
}

async function settle(deps: SystemContext["deps"], version: repo.VersionRow, settled: Settled) {
  await deps.db.transaction(async (t) => {
    const tx = t as Db;
    const media = settled.status === "ready" ? settled.media : null;
    const updated = await repo.settleVersionRow(tx, version.id, {
      status: settled.status,
      failureReason: settled.status === "failed" ? settled.reason : null,
      width: media?.width ?? null,
      height: media?.height ?? null,
      durationMs: media?.durationMs ?? null,
      pageCount: media?.pageCount ?? null,
      colors: media?.colors ?? null,
      placeholder: media?.placeholder ?? null,
      features: media?.features ?? null,
    });
    if (!updated) return;
    for (const r of settled.status === "ready" ? settled.stored : []) {
      await touchBlob(tx, r.sha256, r.size);
      const values = {
        blobSha256: r.sha256,
        mime: r.mime,
        width: r.width,
        height: r.height,
        size: r.size,
        meta: r.meta,
      };
      await repo.upsertRendition(tx, version.id, r.kind, values);
    }
    const file = await repo.findFileRow(tx, version.fileId);
    if (!file) return;
    await repo.showIfActiveVersion(tx, file.id, updated);
    await emit(tx, {
      brandspaceId: file.brandspaceId,
      type: "file.processed",
      actor: actors.system(),
      data: fileEventData(file),
    });
  });
}
