/** The source passed the byte limit; nothing was stored. */
export class BlobTooLargeError extends Error {
  readonly code = "blob_too_large";
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes.`);
    this.name = "BlobTooLargeError";
  }
}

/** The source held more or fewer bytes than announced; nothing was stored. */
export class BlobSizeMismatchError extends Error {
  readonly code = "blob_size_mismatch";
  constructor(
    readonly expectedSize: number,
    /** Bytes read before stopping: past `expectedSize` reading stops at the first extra chunk. */
    readonly receivedSize: number,
  ) {
    super(`Expected ${expectedSize} bytes, received ${receivedSize > expectedSize ? "more" : receivedSize}.`);
    this.name = "BlobSizeMismatchError";
  }
}

/** `assemble` was asked for a part that was never received. */
export class StagedPartMissingError extends Error {
  readonly code = "staged_part_missing";
  constructor(readonly partNumber: number) {
    super(`Part ${partNumber} was not received.`);
    this.name = "StagedPartMissingError";
  }
}

/** A part sent after its upload's parts were assembled: the upload is complete (or completing). */
export class StagingSealedError extends Error {
  constructor(readonly stagingId: string) {
    super(`The parts of ${stagingId} are assembled already.`);
  }
}
