import { open } from "node:fs/promises";
import { extname } from "node:path";
import { type FileTypeResult, fileTypeFromFile, supportedExtensions } from "file-type";
import type { FileKind } from "../../contract/files.ts";
import { kindOf } from "./content-kinds.ts";
import { sniffText } from "./sniff-text.ts";

export interface SniffedContent {
  kind: FileKind;
  mime: string;
  /** Lowercase, without the dot; empty when unknown and the original name has none. */
  extension: string;
}

// Enough for an SVG behind a long licence comment or doctype, small enough to read for every file.
const TEXT_HEAD_BYTES = 64 * 1024;

// OLE2 compound files hold legacy Office documents and much else; only the name tells which.
const COMPOUND_BY_EXTENSION: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

// Spellings of one format: the name's spelling is kept when the bytes agree with it.
const EXTENSION_ALIASES: Record<string, readonly string[]> = {
  jpg: ["jpeg", "jpe"],
  tif: ["tiff"],
  mpg: ["mpeg"],
  mid: ["midi"],
};

/**
 * The type of a file from its bytes; the original name only breaks ties the bytes leave open.
 * A client's claimed MIME type is never an input.
 */
export async function sniffContent(filePath: string, originalName: string): Promise<SniffedContent> {
  const nameExtension = extensionOf(originalName);
  const detected = await detectBinaryType(filePath);
  if (detected && detected.ext !== "xml") {
    if (detected.ext === "cfb") return sniffCompound(nameExtension);
    const extension = EXTENSION_ALIASES[detected.ext]?.includes(nameExtension) ? nameExtension : detected.ext;
    return { kind: kindOf(detected.ext, detected.mime), mime: detected.mime, extension };
  }
  const { head, isWholeFile } = await readHead(filePath, TEXT_HEAD_BYTES);
  const text = sniffText(head, isWholeFile, nameExtension, supportedExtensions);
  if (text) return { kind: kindOf(text.extension, text.mime), ...text };
  return { kind: "other", mime: "application/octet-stream", extension: nameExtension };
}

/** The lowercase extension of a file name, without the dot; empty when it has none. */
export function extensionOf(name: string): string {
  return extname(name).slice(1).toLowerCase();
}

async function detectBinaryType(filePath: string): Promise<FileTypeResult | undefined> {
  try {
    return await fileTypeFromFile(filePath);
  } catch (error) {
    // A parser tripping over malformed bytes means "not that format"; a file that cannot be read is the caller's.
    if (error instanceof Error && "code" in error) throw error;
    return undefined;
  }
}

function sniffCompound(nameExtension: string): SniffedContent {
  const mime = COMPOUND_BY_EXTENSION[nameExtension];
  if (mime) return { kind: "document", mime, extension: nameExtension };
  return { kind: "other", mime: "application/x-cfb", extension: "cfb" };
}

async function readHead(
  filePath: string,
  limit: number,
): Promise<{ head: Uint8Array; isWholeFile: boolean }> {
  const file = await open(filePath, "r");
  try {
    const buffer = Buffer.alloc(limit + 1);
    const { bytesRead } = await file.read(buffer, 0, limit + 1, 0);
    return { head: buffer.subarray(0, Math.min(bytesRead, limit)), isWholeFile: bytesRead <= limit };
  } finally {
    await file.close();
  }
}
