/** Why a file could not be processed; stored as the version's failure reason. */
export type MediaFailureReason =
  | "empty_file"
  | "unsupported_format"
  | "corrupt"
  | "too_large"
  | "no_media_streams"
  | "timeout"
  | "aborted"
  | "processing_error";

/** The only error the media library throws: a corrupt or unsupported input ends `failed`, not crashed. */
export class MediaError extends Error {
  override readonly name = "MediaError";
  constructor(
    readonly reason: MediaFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Wraps anything thrown by a decoder or a tool, keeping a MediaError as it is. */
export function asMediaError(error: unknown, reason: MediaFailureReason, context: string): MediaError {
  if (error instanceof MediaError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new MediaError(reason, `${context}: ${firstLine(detail)}`, { cause: error });
}

function firstLine(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
