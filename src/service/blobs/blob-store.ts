import type { Readable } from "node:stream";

/** Bytes as the store keeps them: addressed by the SHA-256 of their content. */
export interface StoredBlob {
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  size: number;
}

export interface PutOptions {
  /** Reading stops with BlobTooLargeError as soon as the source passes this many bytes. */
  maxBytes?: number;
  /** The source must hold exactly this many bytes, else BlobSizeMismatchError. */
  expectedSize?: number;
}

/** One part of a multipart upload, kept under its staging id until assembled. */
export interface StagedPart {
  number: number;
  size: number;
  /** Lowercase hex SHA-256 of the part's bytes. */
  etag: string;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** Sent back as `Content-Disposition: attachment` (RFC 6266). */
  fileName: string;
  contentType: string;
}

/**
 * Content-addressed storage of bytes. Sources are streamed through a running hash and never held whole;
 * identical bytes are stored once; a failed or interrupted write leaves only temporary data that no read
 * sees and that `sweepTemp` removes.
 */
export interface BlobStore {
  readonly kind: "disk" | "s3";
  put(source: AsyncIterable<Uint8Array>, options?: PutOptions): Promise<StoredBlob>;
  /**
   * Stores or replaces one part; parts may arrive in any order and be sent again. `offset`, where the part's
   * bytes start in the whole, lets a store write each part in its place (the disk store then assembles without
   * copying); a part re-sent that fails on the way counts as not received.
   */
  putPart(
    stagingId: string,
    partNumber: number,
    source: AsyncIterable<Uint8Array>,
    options: { maxBytes: number; offset?: number },
  ): Promise<StagedPart>;
  /** The parts received so far, by ascending number. */
  listParts(stagingId: string): Promise<StagedPart[]>;
  /** Streams the parts in the given order into one blob; the staged parts stay until discarded. */
  assemble(stagingId: string, partNumbers: number[], options?: PutOptions): Promise<StoredBlob>;
  discardStaging(stagingId: string): Promise<void>;
  /** The bytes of a blob, or `null` when it is not stored. */
  open(sha256: string, range?: ByteRange): Promise<Readable | null>;
  stat(sha256: string): Promise<{ size: number } | null>;
  /** Removes a blob; removing one that is not stored is not an error. */
  delete(sha256: string): Promise<void>;
  /** Every stored blob's hash, in no particular order. */
  list(): AsyncIterable<string>;
  /** Whether the store can be reached and written to. */
  check(): Promise<boolean>;
  /**
   * Removes temporary data older than `olderThanMs`, left by crashed writes, and returns how many items
   * went. The age must exceed the longest upload, or a write still in progress loses its data.
   */
  sweepTemp(olderThanMs: number): Promise<number>;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
  /** A time-limited URL that downloads the blob directly from the store (S3 only). */
  presignedGetUrl?(sha256: string, options: PresignOptions): Promise<string>;
}
