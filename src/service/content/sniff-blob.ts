import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "../blobs/blob-store.ts";
import { sniffContent } from "../media/sniff.ts";
import { makeWorkDir } from "../platform/work-dirs.ts";

const HEAD_BYTES = 64 * 1024;

/** Kind, MIME and extension from the blob's first bytes (and the name only where bytes are ambiguous). */
export async function sniffBlob(blobs: BlobStore, sha256: string, originalName: string) {
  const stream = await blobs.open(sha256, { start: 0, end: HEAD_BYTES - 1 });
  const chunks: Buffer[] = [];
  if (stream) for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const dir = await makeWorkDir("sniff");
  try {
    const file = path.join(dir, "head");
    await writeFile(file, Buffer.concat(chunks));
    return await sniffContent(file, originalName);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
