import { BlobSizeMismatchError, StagedPartMissingError } from "../blobs/blob-errors.ts";
import type { StoredBlob } from "../blobs/blob-store.ts";
import type { SystemContext } from "../platform/context.ts";
import { validationError } from "../platform/errors.ts";
import { expectedPartSize } from "./upload-plan.ts";
import * as repo from "./uploads.repository.ts";

type ClaimedParts = { number: number; etag: string }[];

/** The upload's bytes as one blob: the single PUT's, or the parts assembled once every one is in and matches. */
export async function assembledBlob(
  { db, deps }: SystemContext,
  row: repo.UploadRow,
  claimed?: ClaimedParts,
): Promise<StoredBlob> {
  if (row.method === "single") {
    if (!row.blobSha256)
      throw validationError([
        { param: "upload", message: "no content was uploaded yet: PUT the bytes to upload_url" },
      ]);
    checkClaimedParts(new Map([[1, { etag: row.blobSha256 }]]), claimed);
    return { sha256: row.blobSha256, size: row.size };
  }
  const count = Math.ceil(row.size / row.partSize);
  const recorded = new Map((await repo.receivedParts(db, row.id)).map((p) => [p.number, p]));
  const staged = new Map((await deps.blobs.listParts(row.id)).map((p) => [p.number, p]));
  const missing: number[] = [];
  for (let n = 1; n <= count; n++) {
    const part = recorded.get(n);
    const inStore = staged.get(n);
    if (
      !part ||
      !inStore ||
      inStore.etag !== part.etag ||
      part.size !== expectedPartSize(row.size, row.partSize, n)
    )
      missing.push(n);
  }
  if (missing.length > 0) {
    throw validationError([
      {
        param: "parts",
        message: `parts missing or incomplete: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ", …" : ""}`,
      },
    ]);
  }
  checkClaimedParts(recorded, claimed);
  try {
    return await deps.blobs.assemble(
      row.id,
      Array.from({ length: count }, (_, i) => i + 1),
      { expectedSize: row.size },
    );
  } catch (error) {
    if (error instanceof BlobSizeMismatchError || error instanceof StagedPartMissingError) {
      throw validationError([
        { param: "parts", message: "the received parts do not add up to the upload's size; re-send them" },
      ]);
    }
    throw error;
  }
}

/**
 * The parts a client lists at completion (the list is optional) must be the upload's parts as received: each once,
 * with its etag, and none left out. A partial list is refused rather than read as "these parts only", which is what
 * it means to S3, where this flow comes from: the file is always made of every part.
 */
function checkClaimedParts(recorded: Map<number, { etag: string }>, claimed?: ClaimedParts) {
  if (!claimed) return;
  const listed = new Set<number>();
  for (const c of claimed) {
    const part = recorded.get(c.number);
    if (!part || c.etag !== part.etag || listed.has(c.number)) {
      throw validationError([
        { param: "parts", message: `part ${c.number} does not match what was received` },
      ]);
    }
    listed.add(c.number);
  }
  if (listed.size < recorded.size) {
    throw validationError([
      {
        param: "parts",
        message: `lists ${listed.size} of the upload's ${recorded.size} parts: list every part, or send no list`,
      },
    ]);
  }
}
