import { createHash, type Hash } from "node:crypto";
import { BlobSizeMismatchError, BlobTooLargeError } from "./blob-errors.ts";
import type { PutOptions, StoredBlob } from "./blob-store.ts";

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
    const { maxBytes, expectedSize } = this.limits;
    if (maxBytes !== undefined && this.#size > maxBytes) return new BlobTooLargeError(maxBytes);
    if (expectedSize !== undefined && this.#size > expectedSize) {
      return new BlobSizeMismatchError(expectedSize, this.#size);
    }
    return undefined;
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
    const exceeded = this.#exceededLimit();
    if (exceeded) throw exceeded;
    const { expectedSize } = this.limits;
    if (expectedSize !== undefined && this.#size !== expectedSize) {
      throw new BlobSizeMismatchError(expectedSize, this.#size);
    }
    return { sha256: this.#hash.digest("hex"), size: this.#size };
  }
}
