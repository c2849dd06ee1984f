import { writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { solidImage, storedZip, synthAudio, synthVideo, useTempDir, writePdf } from "./media-test-kit.ts";
import { extensionOf, sniffContent } from "./sniff.ts";

const tmp = useTempDir();

const SVG_WITH_PREAMBLE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a design tool. <svg> in a comment does not count -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
  <!ENTITY ns "http://www.w3.org/2000/svg">
]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`;

const OPEN_XML_TYPES = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
};
const OPEN_XML_PARTS = { docx: "word/document.xml", xlsx: "xl/workbook.xml", pptx: "ppt/presentation.xml" };

function openXml(type: keyof typeof OPEN_XML_TYPES): Record<string, string> {
  const part = OPEN_XML_PARTS[type];
  const contentTypes = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${OPEN_XML_TYPES[type]}"/></Types>`;
  return { "[Content_Types].xml": contentTypes, [part]: "<x/>" };
}

function padded(signature: number[] | string, length = 600): Buffer {
  const head = typeof signature === "string" ? Buffer.from(signature, "latin1") : Buffer.from(signature);
  return Buffer.concat([head, Buffer.alloc(length - head.length, 1)]);
}

function tarArchive(): Buffer {
  const header = Buffer.alloc(1024);
  header.write("hello.txt", 0);
  header.write("ustar\0", 257, "latin1");
  return header;
}

/** Deterministic pseudo-random bytes (a linear congruential generator). */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let seed = 42;
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    bytes[i] = (seed >> 16) & 0xff;
  }
  return bytes;
}

type Writer = (path: string) => Promise<unknown>;
/** The test name, the original name, how to write the bytes, and the expected "kind mime extension". */
type Case = [name: string, originalName: string, write: Writer, expected: string];

const text =
  (content: string | Buffer): Writer =>
  (path) =>
    writeFile(path, content);
const image =
  (format: "jpeg" | "png" | "webp"): Writer =>
  (path) =>
    solidImage(path, { width: 8, height: 8, color: "red", format });
const zip =
  (entries: Record<string, string>): Writer =>
  (path) =>
    storedZip(path, entries);
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const OPEN_XML = "application/vnd.openxmlformats-officedocument";

const cases: Case[] = [
  ["JPEG named .png", "photo.png", image("jpeg"), "image image/jpeg jpg"],
  ["JPEG keeps its .jpeg spelling", "PHOTO.JPEG", image("jpeg"), "image image/jpeg jpeg"],
  ["PNG named .jpg", "logo.jpg", image("png"), "image image/png png"],
  ["WebP without a name", "x", image("webp"), "image image/webp webp"],
  ["SVG behind prolog, comment and doctype", "logo.txt", text(SVG_WITH_PREAMBLE), "image image/svg+xml svg"],
  ["bare SVG without a name", "logo", text('<svg viewBox="0 0 1 1"/>'), "image image/svg+xml svg"],
  ["XML that is not SVG", "feed.svg", text('<?xml version="1.0"?><rss/>'), "document application/xml xml"],
  ["JSON", "data.txt", text('{"a": [1, 2]}'), "document application/json json"],
  ["broken JSON named .json", "data.json", text('{"a": '), "document text/plain txt"],
  ["CSV by name", "table.csv", text("a,b\n1,2\n"), "document text/csv csv"],
  ["same bytes named .txt", "table.txt", text("a,b\n1,2\n"), "document text/plain txt"],
  ["Markdown by name", "README.md", text("# Title\n\nText.\n"), "document text/markdown md"],
  ["text without an extension", "NOTES", text("just words\n"), "document text/plain txt"],
  ["text named like an image", "fake.png", text("not a picture\n"), "document text/plain txt"],
  ["other text keeps its extension", "config.yaml", text("a: 1\n"), "document text/plain yaml"],
  ["Latin-1 text", "names.csv", text(Buffer.from("caf\xe9,na\xefve\n", "latin1")), "document text/csv csv"],
  ["PDF", "doc.bin", (path) => writePdf(path, { pages: 1 }), "document application/pdf pdf"],
  [
    "DOCX named .zip",
    "report.zip",
    zip(openXml("docx")),
    `document ${OPEN_XML}.wordprocessingml.document docx`,
  ],
  ["XLSX without a name", "sheet", zip(openXml("xlsx")), `document ${OPEN_XML}.spreadsheetml.sheet xlsx`],
  [
    "PPTX named .docx",
    "deck.docx",
    zip(openXml("pptx")),
    `document ${OPEN_XML}.presentationml.presentation pptx`,
  ],
  ["legacy Word by name", "old.doc", text(padded(COMPOUND_FILE)), "document application/msword doc"],
  ["compound file of unknown use", "setup.msi", text(padded(COMPOUND_FILE)), "other application/x-cfb cfb"],
  ["zip named .docx", "bundle.docx", zip({ "a.txt": "hello" }), "archive application/zip zip"],
  ["gzip", "a", text(gzipSync("hello")), "archive application/gzip gz"],
  ["tar", "a", text(tarArchive()), "archive application/x-tar tar"],
  ["7z", "a", text(padded([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])), "archive application/x-7z-compressed 7z"],
  [
    "rar",
    "a",
    text(padded([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00])),
    "archive application/x-rar-compressed rar",
  ],
  ["woff", "f", text(padded("wOFF\x00\x01\x00\x00")), "font font/woff woff"],
  ["woff2", "f", text(padded("wOF2OTTO")), "font font/woff2 woff2"],
  ["ttf", "f", text(padded([0x00, 0x01, 0x00, 0x00, 0x00])), "font font/ttf ttf"],
  ["otf", "f", text(padded("OTTO\x00")), "font font/otf otf"],
  [
    "MP4 named .mp3",
    "clip.mp3",
    (path) => synthVideo(path, { seconds: 1, size: "64x36" }),
    "video video/mp4 mp4",
  ],
  ["MP3 without a name", "tone", (path) => synthAudio(path, 1), "audio audio/mpeg mp3"],
  ["random bytes named .PNG", "photo.PNG", text(noise(5000)), "other application/octet-stream png"],
  ["random bytes without an extension", "blob", text(noise(100)), "other application/octet-stream "],
  ["empty file", "empty.mov", text(""), "other application/octet-stream mov"],
];

describe("sniffContent", () => {
  beforeAll(async () => {
    await Promise.all(cases.map(([, , write], i) => write(tmp.path(`sample-${i}`))));
  });

  it.each(cases.map((c, i) => [...c, i] as const))("%s", async (_name, originalName, _write, expected, i) => {
    const [kind, mime, extension] = expected.split(" ");
    expect(await sniffContent(tmp.path(`sample-${i}`), originalName)).toEqual({ kind, mime, extension });
  });
});

describe("extensionOf", () => {
  it.each([
    ["Logo.SVG", "svg"],
    ["archive.tar.gz", "gz"],
    ["README", ""],
    [".env", ""],
  ])("%s → %s", (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });
});
