import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

export type ToolName = "ffmpeg" | "ffprobe";
/** `env`: FFMPEG_PATH/FFPROBE_PATH; `system`: found on PATH; `bundled`: the npm installer package's binary. */
export type ToolSource = "env" | "system" | "bundled";

export interface ToolChoice {
  /** Null when nothing was configured or found and the installer has no binary for this platform. */
  path: string | null;
  source: ToolSource;
}

export interface ChooseOptions {
  /** The configured path (FFMPEG_PATH or FFPROBE_PATH), which wins when set. */
  configured: string | undefined;
  /** The PATH to search, in the operating system's format. */
  searchPath: string | undefined;
  /** The npm-shipped binary; null when its package has none for this platform. */
  bundled: () => string | null;
  isExecutable?: (file: string) => boolean;
}

/**
 * Which binary runs: the configured one, else the system's on PATH (a distribution keeps it patched), else the
 * npm-shipped fallback (a static build from 2018 for ffmpeg, which parses untrusted uploads).
 */
export function chooseTool(name: ToolName, options: ChooseOptions): ToolChoice {
  if (options.configured) return { path: options.configured, source: "env" };
  const system = findOnPath(name, options.searchPath, options.isExecutable ?? isExecutableFile);
  if (system) return { path: system, source: "system" };
  return { path: options.bundled(), source: "bundled" };
}

function findOnPath(name: string, searchPath: string | undefined, isExecutable: (file: string) => boolean) {
  for (const dir of (searchPath ?? "").split(path.delimiter)) {
    // Relative entries depend on the working directory; node_modules/.bin entries (npm scripts) are packages.
    if (!path.isAbsolute(dir) || dir.split(path.sep).includes("node_modules")) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first line of `<tool> -version` without its copyright notice, e.g. `ffmpeg version 6.1.1-3`; null on failure. */
export function toolVersion(file: string | null, timeoutMs = 5_000): Promise<string | null> {
  if (!file) return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile(file, ["-version"], { timeout: timeoutMs, maxBuffer: 256 * 1024 }, (error, stdout) => {
      const first = error ? "" : (String(stdout).split("\n")[0] ?? "");
      resolve(first.replace(/\s+Copyright.*$/, "").trim() || null);
    });
  });
}
