/** `"1920x1080"` → its numbers; null when absent or malformed. */
export function parseResolution(resolution: string | null): { width: number; height: number } | null {
  const match = resolution ? /^(\d+)x(\d+)$/.exec(resolution) : null;
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Pictures a browser shows by itself, so a small original can stand in for a missing preview. */
const BROWSER_IMAGES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
  "image/bmp",
]);
export const SMALL_ORIGINAL_MAX = 20 * 1024 * 1024;

export const browserShows = (mime: string) => BROWSER_IMAGES.has(mime);
