import { spawn } from "node:child_process";
import { basename } from "node:path";
import { MediaError } from "./errors.ts";

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Stdout past this is an error: a tool writing more than expected is not trusted to stop. */
  maxStdoutBytes?: number;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

/** A tool exited non-zero; callers decide whether that means a corrupt input. */
export class ProcessFailure extends Error {
  constructor(
    readonly program: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${program} exited with ${exitCode}: ${stderr.trim().split("\n").pop() ?? ""}`);
  }
}

const STDERR_TAIL_CHARS = 4000;
const DEFAULT_MAX_STDOUT = 64 * 1024 * 1024;

/**
 * Runs a program with an argument array (never a shell), killing it on timeout, abort or too much output.
 * Resolves on exit code 0; rejects with a ProcessFailure on another exit code, a MediaError otherwise.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const program = basename(command);
  const maxStdout = options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new MediaError("aborted", "Processing was aborted."));
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], shell: false });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let failure: MediaError | null = null;
    const stop = (error: MediaError) => {
      failure ??= error;
      child.kill("SIGKILL");
    };
    const onAbort = () => stop(new MediaError("aborted", "Processing was aborted."));
    const timer = setTimeout(
      () => stop(new MediaError("timeout", `${program} took longer than ${options.timeoutMs} ms.`)),
      options.timeoutMs,
    );
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };

    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) stop(new MediaError("too_large", `${program} wrote more than expected.`));
      else stdout.push(chunk);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    // A program that cannot start emits `error` and may never emit `close`.
    child.on("error", (error) => {
      settle();
      reject(failure ?? new MediaError("processing_error", `Cannot run ${program}: ${error.message}`));
    });
    child.on("close", (code) => {
      settle();
      if (failure) reject(failure);
      else if (code !== 0) reject(new ProcessFailure(program, code, stderr));
      else resolve({ stdout: Buffer.concat(stdout), stderr });
    });
  });
}
