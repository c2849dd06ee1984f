// attr-char of RFC 8187 §3.2.1: any other byte in filename* is percent-encoded.
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;
// Old user agents read only `filename`, which must stay printable ASCII; quotes and backslashes are
// replaced rather than escaped because many user agents do not unescape them (RFC 6266 appendix D).
const NOT_SAFE_ASCII = /[^\x20-\x7e]|["\\]/g;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * `Content-Disposition: attachment` for a file name (RFC 6266): an ASCII `filename` for old user agents
 * and the exact name in `filename*` (UTF-8, RFC 8187), which current user agents prefer.
 */
export function attachmentDisposition(fileName: string): string {
  const name = fileName.trim() || "download";
  const fallback = name.normalize("NFKD").replace(COMBINING_MARKS, "").replace(NOT_SAFE_ASCII, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeAttrChars(name)}`;
}

function encodeAttrChars(value: string): string {
  return Array.from(Buffer.from(value, "utf8"), (byte) => {
    const char = String.fromCharCode(byte);
    return ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}
