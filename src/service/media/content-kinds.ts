import type { FileKind } from "../../contract/files.ts";

const DOCUMENT_EXTENSIONS = new Set([
  "pdf",
  "rtf",
  "mobi",
  "epub",
  "ps",
  "eps",
  "indd",
  "docx",
  "docm",
  "dotx",
  "dotm",
  "xlsx",
  "xlsm",
  "xltx",
  "xltm",
  "pptx",
  "pptm",
  "ppsx",
  "ppsm",
  "potx",
  "potm",
  "vsdx",
  "odt",
  "ott",
  "ods",
  "ots",
  "odp",
  "otp",
  "odg",
  "otg",
]);

const ARCHIVE_EXTENSIONS = new Set([
  "zip",
  "tar",
  "gz",
  "bz2",
  "xz",
  "zst",
  "lz",
  "lz4",
  "lzh",
  "7z",
  "rar",
  "cab",
  "ar",
  "cpio",
  "arj",
  "Z",
  "deb",
  "rpm",
  "tar.gz",
]);

const FONT_EXTENSIONS = new Set(["woff", "woff2", "ttf", "otf", "eot", "ttc"]);

/** The kind of a type the bytes revealed; unrecognised types are `other`. */
export function kindOf(extension: string, mime: string): FileKind {
  if (DOCUMENT_EXTENSIONS.has(extension)) return "document";
  if (ARCHIVE_EXTENSIONS.has(extension)) return "archive";
  if (FONT_EXTENSIONS.has(extension) || mime.startsWith("font/")) return "font";
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("text/") || mime === "application/json" || mime === "application/xml")
    return "document";
  return "other";
}
