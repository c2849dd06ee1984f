import { createRequire } from "node:module";
import { MediaError } from "./errors.ts";
import { chooseTool, type ToolChoice, type ToolName, type ToolSource, toolVersion } from "./ffmpeg-select.ts";
import { type RunOptions, type RunResult, runProcess } from "./run-process.ts";

const require = createRequire(import.meta.url);

const INSTALLERS = {
  ffmpeg: "@ffmpeg-installer/ffmpeg",
  ffprobe: "@ffprobe-installer/ffprobe",
} as const;

export interface MediaToolSettings {
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
}

export interface ToolInfo {
  path: string | null;
  source: ToolSource;
  version: string | null;
}
export type MediaToolsInfo = Record<ToolName, ToolInfo>;

// One choice per process, made at start (configureMediaTools); media code deep in the jobs reaches it here
// instead of through every call. Tests that never configure get the default: PATH, then the bundled binaries.
let chosen: Record<ToolName, ToolChoice> | undefined;
let described: Promise<MediaToolsInfo> | undefined;

/** Chooses ffmpeg and ffprobe for this process (see chooseTool); the settings are FFMPEG_PATH and FFPROBE_PATH. */
export function configureMediaTools(settings: MediaToolSettings): void {
  const choose = (name: ToolName, configured: string | undefined) =>
    chooseTool(name, { configured, searchPath: process.env.PATH, bundled: () => bundledPath(name) });
  chosen = {
    ffmpeg: choose("ffmpeg", settings.ffmpegPath),
    ffprobe: choose("ffprobe", settings.ffprobePath),
  };
  described = undefined;
}

function tools(): Record<ToolName, ToolChoice> {
  if (!chosen) configureMediaTools({});
  return chosen!;
}

/** Which binaries run, and their versions: asked once per process (about 20 ms), then remembered. */
export function describeMediaTools(): Promise<MediaToolsInfo> {
  const { ffmpeg, ffprobe } = tools();
  described ??= Promise.all([toolVersion(ffmpeg.path), toolVersion(ffprobe.path)]).then(([a, b]) => ({
    ffmpeg: { ...ffmpeg, version: a },
    ffprobe: { ...ffprobe, version: b },
  }));
  return described;
}

// The installer packages throw (a string) at import on a platform they have no binary for: resolve lazily so
// that only media processing fails there, not the service.
function bundledPath(name: ToolName): string | null {
  try {
    return (require(INSTALLERS[name]) as { path: string }).path;
  } catch {
    return null;
  }
}

function binaryPath(name: ToolName): string {
  const { path } = tools()[name];
  if (path) return path;
  throw new MediaError(
    "processing_error",
    `No ${name} on PATH and ${INSTALLERS[name]} has no binary for this platform: install ffmpeg or set ${name.toUpperCase()}_PATH.`,
  );
}

/** Runs ffmpeg quietly (errors only on stderr), never asking questions on the terminal. */
export function runFfmpeg(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return runProcess(
    binaryPath("ffmpeg"),
    ["-hide_banner", "-nostdin", "-loglevel", "error", ...args],
    options,
  );
}

export function runFfprobe(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return runProcess(binaryPath("ffprobe"), ["-hide_banner", "-loglevel", "error", ...args], options);
}

/**
 * The arguments naming an input file. `file:` keeps a path from being read as another protocol or an option,
 * and the whitelist stops a playlist-like input (HLS, concat) from opening network URLs.
 */
export function inputFile(path: string): string[] {
  return ["-protocol_whitelist", "file", "-i", `file:${path}`];
}
