/** A text format recognised from the first bytes, or null when the bytes are not text. */
export interface TextType {
  mime: string;
  extension: string;
}

// Bytes that do not occur in text in any 8-bit encoding (tab, newlines, form feed and ESC are allowed).
const BINARY_BYTE = new Set([...range(0x00, 0x08), 0x0b, ...range(0x0e, 0x1a), ...range(0x1c, 0x1f), 0x7f]);
// A few stray control bytes happen in real text files; random or binary data has far more.
const MAX_BINARY_RATIO = 0.01;

// Where the bytes cannot tell formats apart (a CSV is also plain text), the name decides.
const TEXT_BY_EXTENSION: Record<string, string> = {
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  md: "text/markdown",
  markdown: "text/markdown",
};

/**
 * Recognises SVG, XML, JSON, CSV, Markdown and plain text from the head of a file.
 * `claimedBinaryExtensions` are extensions of binary formats: a text file named `x.png` is plain text, `.txt`.
 */
export function sniffText(
  head: Uint8Array,
  isWholeFile: boolean,
  originalExtension: string,
  claimedBinaryExtensions: ReadonlySet<string>,
): TextType | null {
  if (head.length === 0 || !looksLikeText(head)) return null;
  const text = new TextDecoder("utf-8").decode(head).replace(/^\uFEFF/, "");
  const markup = skipXmlPreamble(text);
  if (markup !== null && /^<(?:[\w.-]+:)?svg[\s>/]/.test(markup))
    return { mime: "image/svg+xml", extension: "svg" };
  if (text.trimStart().startsWith("<?xml")) return { mime: "application/xml", extension: "xml" };
  if (isJson(text, isWholeFile, originalExtension)) return { mime: "application/json", extension: "json" };
  const byName = TEXT_BY_EXTENSION[originalExtension];
  if (byName) return { mime: byName, extension: originalExtension };
  const keepName =
    originalExtension !== "" &&
    originalExtension !== "json" &&
    originalExtension !== "svg" &&
    !claimedBinaryExtensions.has(originalExtension);
  return { mime: "text/plain", extension: keepName ? originalExtension : "txt" };
}

function looksLikeText(head: Uint8Array): boolean {
  let binary = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (BINARY_BYTE.has(byte)) binary++;
  }
  return binary / head.length <= MAX_BINARY_RATIO;
}

/** The text after the XML declaration, processing instructions, comments and doctype; null if one is unterminated. */
function skipXmlPreamble(text: string): string | null {
  let rest = text.trimStart();
  for (;;) {
    const end = preambleEnd(rest);
    if (end === undefined) return rest;
    if (end === -1) return null;
    rest = rest.slice(end).trimStart();
  }
}

function preambleEnd(text: string): number | undefined {
  if (text.startsWith("<?")) return endAfter(text, "?>");
  if (text.startsWith("<!--")) return endAfter(text, "-->");
  if (/^<!DOCTYPE/i.test(text)) {
    // An internal subset may hold `>` inside its declarations: skip to `]>` when there is one.
    const subset = text.indexOf("[");
    const close = text.indexOf(">");
    return subset !== -1 && subset < close ? endAfter(text, "]>") : endAfter(text, ">");
  }
  return undefined;
}

function endAfter(text: string, marker: string): number {
  const at = text.indexOf(marker);
  return at === -1 ? -1 : at + marker.length;
}

function isJson(text: string, isWholeFile: boolean, originalExtension: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return false;
  // Only a whole file can be parsed; a longer one is JSON when its name agrees with its first byte.
  if (!isWholeFile) return originalExtension === "json";
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
