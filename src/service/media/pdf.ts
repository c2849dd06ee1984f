import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { z } from "zod";
import { describeStill } from "./describe-still.ts";
import { asMediaError, MediaError } from "./errors.ts";
import { imageError } from "./image-input.ts";
import type { StillDescription, StillRenditions } from "./media-types.ts";
import { runProcess } from "./run-process.ts";
import { settleAll } from "./settle-all.ts";
import { decodeStill, PREVIEW_MAX_SIDE, type RawStill, writeStillRenditions } from "./still.ts";

export interface PdfResult {
  pageCount: number;
  /** The first page in points (1/72 inch). */
  pageWidth: number;
  pageHeight: number;
  /** Thumbnail, JPEG thumbnail and preview of the first page; null when pdf.js could not draw it. */
  renditions: StillRenditions | null;
  description: StillDescription | null;
  renderError: string | null;
}

const RENDER_TIMEOUT_MS = 60_000;
// pdf.js keeps the document in the JS heap; a hostile file hits this instead of the host's memory.
const CHILD_HEAP_MB = 768;

/** What pdf-render.worker.mjs prints. */
const WorkerReport = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    pageCount: z.number().int().min(1),
    pageWidth: z.number(),
    pageHeight: z.number(),
    renderError: z.string().nullable(),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

const workerPath = fileURLToPath(new URL("./pdf-render.worker.mjs", import.meta.url));

/** Page count and first-page renditions of a PDF, drawn by pdf.js in a child process. Throws only MediaError. */
export async function processPdf(path: string, outDir: string, signal?: AbortSignal): Promise<PdfResult> {
  await mkdir(outDir, { recursive: true });
  const pagePng = join(outDir, "page-1.png");
  try {
    const report = await renderFirstPage(path, pagePng, signal);
    if (report.renderError !== null) return { ...report, renditions: null, description: null };
    return { ...report, ...(await describePage(pagePng, outDir)) };
  } finally {
    await rm(pagePng, { force: true });
  }
}

async function renderFirstPage(path: string, pagePng: string, signal?: AbortSignal) {
  const args = [`--max-old-space-size=${CHILD_HEAP_MB}`, workerPath, path, pagePng, String(PREVIEW_MAX_SIDE)];
  let report: z.infer<typeof WorkerReport>;
  try {
    const { stdout } = await runProcess(process.execPath, args, { timeoutMs: RENDER_TIMEOUT_MS, signal });
    report = WorkerReport.parse(JSON.parse(stdout.toString("utf8")));
  } catch (error) {
    throw asMediaError(error, "processing_error", "Reading the PDF failed");
  }
  if (!report.ok) throw new MediaError("corrupt", `Not a readable PDF: ${report.error}`);
  const { pageCount, pageWidth, pageHeight, renderError } = report;
  return { pageCount, pageWidth, pageHeight, renderError };
}

async function describePage(pagePng: string, outDir: string) {
  let still: RawStill;
  try {
    still = await decodeStill(sharp(pagePng));
  } catch (error) {
    throw imageError(error);
  }
  try {
    const [renditions, description] = await settleAll([
      writeStillRenditions(still, outDir),
      describeStill(still),
    ] as const);
    return { renditions, description };
  } catch (error) {
    throw asMediaError(error, "processing_error", "Writing the page renditions failed");
  }
}
