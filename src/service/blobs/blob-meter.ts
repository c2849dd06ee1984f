import { createHash, type Hash } from "node:crypto";
import { BlobSizeMismatchError, BlobTooLargeError } from "./blob-errors.ts";
import type { PutOptions, StoredBlob } from "./blob-store.ts";

/** The error of `size` bytes over the limits, if they are. */
function exceededLimit(size: number, { maxBytes, expectedSize }: PutOptions): Error | undefined {
  if (maxBytes !== undefined && size > maxBytes) return new BlobTooLargeError(maxBytes);
  if (expectedSize !== undefined && size > expectedSize) return new BlobSizeMismatchError(expectedSize, size);
  return undefined;
}

/** The error of a whole source of `size` bytes: over the limits, or other than the size expected. */
export function sizeError(size: number, limits: PutOptions): Error | undefined {
  const exceeded = exceededLimit(size, limits);
  if (exceeded) return exceeded;
  if (limits.expectedSize !== undefined && size !== limits.expectedSize)
    return new BlobSizeMismatchError(limits.expectedSize, size);
  return undefined;
}

/**
 * Counts bytes on their way to storage and stops the stream as soon as a limit is passed, as BlobMeter does,
 * for bytes hashed elsewhere (a part written in place is hashed on the hash thread once it is on disk).
 */
export class ByteCounter {
  #size = 0;

  constructor(private readonly limits: PutOptions) {}

  async *count(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      this.#size += chunk.byteLength;
      const exceeded = exceededLimit(this.#size, this.limits);
      if (exceeded) throw exceeded;
      yield chunk;
    }
  }

  /** The bytes counted; throws when they are not what the limits allow. */
  result(): number {
    const error = sizeError(this.#size, this.limits);
    if (error) throw error;
    return this.#size;
  }
}

/**
 * Hashes and counts bytes on their way to storage and stops the stream as soon as a limit is passed, so
 * an oversized upload is refused after one extra chunk rather than after it has all been written.
 */
export class BlobMeter {
  readonly #hash: Hash;
  #size: number;
  #limitError: Error | undefined;

  /** `resume`: bytes hashed already (a running SHA-256 and their count), which the measured bytes follow. */
  constructor(
    private readonly limits: PutOptions = {},
    resume?: { hash: Hash; size: number },
  ) {
    this.#hash = resume?.hash ?? createHash("sha256");
    this.#size = resume?.size ?? 0;
  }

  /** Passes the source's chunks through unchanged, hashing and counting them. */
  async *measure(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      this.#size += chunk.byteLength;
      this.#limitError = this.#exceededLimit();
      if (this.#limitError) throw this.#limitError;
      this.#hash.update(chunk);
      yield chunk;
    }
  }

  #exceededLimit(): Error | undefined {
    return exceededLimit(this.#size, this.limits);
  }

  /**
   * The limit error the stream was stopped with, if any. A consumer that cleans up after a failed read
   * (an S3 multipart upload aborting) may fail in turn and report its own error instead.
   */
  get limitError(): Error | undefined {
    return this.#limitError;
  }

  /** The hash and size of everything measured; call once, after the source has ended. */
  result(): StoredBlob {
    const error = sizeError(this.#size, this.limits);
    if (error) throw error;
    return { sha256: this.#hash.digest("hex"), size: this.#size };
  }
}
