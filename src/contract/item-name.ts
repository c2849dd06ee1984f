import { z } from "zod";

export const ITEM_NAME_MAX = 255;

/**
 * What no one-line name or label may hold: control characters (C0, DEL and C1, whose NEL U+0085 breaks lines), the
 * line and paragraph separators U+2028/U+2029, and direction overrides.
 */
const UNPRINTABLE_CLASS = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
const UNPRINTABLE = new RegExp(`[${UNPRINTABLE_CLASS}]`, "u");
/**
 * Characters no file or folder name may hold, however it gets its name (upload, rename, import, copy): path
 * separators (a name is never a path), control characters (CR/LF split headers and log lines), and the bidi
 * overrides and isolates that make `gpj.exe` read as `exe.jpg`.
 */
const FORBIDDEN = new RegExp(`[\\\\/${UNPRINTABLE_CLASS}]`, "u");
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, "gu");

/** The one naming rule of files and folders: 1 to 255 characters after trimming, not `.` or `..`, nothing forbidden. */
export const ItemName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(ITEM_NAME_MAX, `must be at most ${ITEM_NAME_MAX} characters`)
  .refine(
    (name) => !FORBIDDEN.test(name),
    "must not contain / or \\, control characters or direction overrides",
  )
  .refine((name) => name !== "." && name !== "..", "must not be . or ..");

/**
 * Makes a name that satisfies `ItemName` out of text from elsewhere (a Content-Disposition header, a URL path, a
 * zip entry): forbidden characters become `_`, the result is trimmed and cut to 255 characters.
 */
export function toItemName(text: string, fallback = "download"): string {
  const cleaned = [...text.replace(FORBIDDEN_ALL, "_").trim()].slice(0, ITEM_NAME_MAX).join("").trim();
  return ItemName.safeParse(cleaned).success ? cleaned : fallback;
}

/**
 * The rule of every other one-line name people read (libraries, boards, properties, options, transfers, a visitor's
 * name on a comment): 1 to `max` characters after trimming, no control characters (a line break in a name splits
 * lists, CSV exports and log lines) and no direction overrides (which make a name read as something else). Unlike
 * file and folder names, `/` and `\` are fine.
 */
export function displayName(max: number) {
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .refine((name) => !UNPRINTABLE.test(name), "must not contain control characters or direction overrides");
}
