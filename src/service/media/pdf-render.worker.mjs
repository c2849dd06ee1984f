/**
 * Draws the first page of a PDF with pdf.js, in a child process started by pdf.ts: pdf.js parses and draws on
 * the calling thread, so a hostile PDF could block or exhaust the service, while a child can be killed.
 * Plain JavaScript on plain node: through a TypeScript loader, pdf.js takes seconds to load instead of 0.3 s.
 *
 * Usage: node pdf-render.worker.mjs <input.pdf> <output.png> <maxSide>
 * Prints one JSON line, either { ok: true, pageCount, pageWidth, pageHeight, renderError } (renderError is
 * null when output.png was written) or { ok: false, error } when pdf.js cannot open the file.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/** @param {string} inputPath */
async function openFirstPage(inputPath) {
  const pdf = await getDocument({
    data: new Uint8Array(await readFile(inputPath)),
    isEvalSupported: false,
    // Fonts, CMaps and decoders come from the installed package, never from the network.
    standardFontDataUrl: `${join(pdfjsRoot, "standard_fonts")}/`,
    cMapUrl: `${join(pdfjsRoot, "cmaps")}/`,
    wasmUrl: `${join(pdfjsRoot, "wasm")}/`,
    iccUrl: `${join(pdfjsRoot, "iccs")}/`,
    verbosity: 0,
  }).promise;
  return { pdf, page: await pdf.getPage(1) };
}

/**
 * @param {import("pdfjs-dist").PDFPageProxy} page
 * @param {string} outputPath
 * @param {number} maxSide
 */
async function renderPage(page, outputPath, maxSide) {
  const { width, height } = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: maxSide / Math.max(width, height) });
  const canvas = createCanvas(
    Math.max(1, Math.round(viewport.width)),
    Math.max(1, Math.round(viewport.height)),
  );
  const context = canvas.getContext("2d");
  // Pages are drawn on white, as printed; a transparent canvas would show the dashboard's background.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, viewport }).promise;
  await writeFile(outputPath, await canvas.encode("png"));
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * @param {string} inputPath
 * @param {string} outputPath
 * @param {number} maxSide
 */
async function main(inputPath, outputPath, maxSide) {
  let opened;
  try {
    opened = await openFirstPage(inputPath);
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
  const { pdf, page } = opened;
  const { width, height } = page.getViewport({ scale: 1 });
  let renderError = null;
  try {
    await renderPage(page, outputPath, maxSide);
  } catch (error) {
    renderError = messageOf(error);
  }
  await pdf.destroy();
  return { ok: true, pageCount: pdf.numPages, pageWidth: width, pageHeight: height, renderError };
}

const [inputPath = "", outputPath = "", maxSide = ""] = process.argv.slice(2);
process.stdout.write(`${JSON.stringify(await main(inputPath, outputPath, Number(maxSide)))}\n`);
