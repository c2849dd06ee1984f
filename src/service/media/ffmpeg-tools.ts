import { createRequire } from "node:module";
import { MediaError } from "./errors.ts";
import { type RunOptions, type RunResult, runProcess } from "./run-process.ts";

const require = createRequire(import.meta.url);
const binaries = new Map<string, string>();

// The installer packages throw (a string) at import on a platform they have no binary for: resolve lazily so
// that only media processing fails there, not the service.
function binaryPath(installer: "@ffmpeg-installer/ffmpeg" | "@ffprobe-installer/ffprobe"): string {
  const known = binaries.get(installer);
  if (known) return known;
  try {
    const { path } = require(installer) as { path: string };
    binaries.set(installer, path);
    return path;
  } catch (error) {
    throw new MediaError(
      "processing_error",
      `${installer} has no binary for this platform: ${String(error)}`,
    );
  }
}

/** Runs ffmpeg quietly (errors only on stderr), never asking questions on the terminal. */
export function runFfmpeg(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return runProcess(
    binaryPath("@ffmpeg-installer/ffmpeg"),
    ["-hide_banner", "-nostdin", "-loglevel", "error", ...args],
    options,
  );
}

export function runFfprobe(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return runProcess(
    binaryPath("@ffprobe-installer/ffprobe"),
    ["-hide_banner", "-loglevel", "error", ...args],
    options,
  );
}

/**
 * The arguments naming an input file. `file:` keeps a path from being read as another protocol or an option,
 * and the whitelist stops a playlist-like input (HLS, concat) from opening network URLs.
 */
export function inputFile(path: string): string[] {
  return ["-protocol_whitelist", "file", "-i", `file:${path}`];
}
