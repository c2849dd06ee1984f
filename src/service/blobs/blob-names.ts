const SHA256_HEX = /^[0-9a-f]{64}$/;
// Staging ids become path segments and key prefixes, so they may not carry separators or dots.
const STAGING_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Parts are numbered as in S3 multipart uploads. */
export const MAX_PART_NUMBER = 10_000;

export function isSha256(value: string): boolean {
  return SHA256_HEX.test(value);
}

/**
 * Where a blob lives under the store's root: two levels of two hex characters keep any one directory
 * (or listing prefix) small, e.g. `ab/cd/abcd…`.
 */
export function blobPath(sha256: string): string {
  if (!isSha256(sha256)) throw new TypeError("not a lowercase hex SHA-256");
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

export function assertStagingId(stagingId: string): void {
  if (!STAGING_ID.test(stagingId)) throw new TypeError("staging id must match [A-Za-z0-9_-]{1,128}");
}

export function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new RangeError(`part number must be an integer from 1 to ${MAX_PART_NUMBER}`);
  }
}
