import { UPLOAD_LIMITS } from "../../contract/uploads.ts";

const MiB = 1024 * 1024;

export interface UploadPlan {
  method: "single" | "multipart";
  partSize: number;
  partCount: number;
}

/**
 * Single PUT up to 100 MiB; beyond, the smallest whole-MiB part size of at least 8 MiB that keeps the upload
 * within 10,000 parts (at most 64 MiB, which 50 GiB never needs).
 */
export function planUpload(size: number): UploadPlan {
  if (size <= UPLOAD_LIMITS.singleMax) return { method: "single", partSize: size, partCount: 1 };
  const needed = Math.ceil(size / UPLOAD_LIMITS.partsMax / MiB) * MiB;
  const partSize = Math.min(UPLOAD_LIMITS.partMax, Math.max(UPLOAD_LIMITS.partMin, needed));
  return { method: "multipart", partSize, partCount: Math.ceil(size / partSize) };
}

/** The exact size part `number` must have: full parts, then the remainder. */
export function expectedPartSize(size: number, partSize: number, number: number): number {
  const count = Math.ceil(size / partSize);
  return number < count ? partSize : size - (count - 1) * partSize;
}
