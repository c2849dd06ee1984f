import { StagedPartMissingError } from "./blob-errors.ts";
import type { StagedPart } from "./blob-store.ts";

/** A staged part's name carries its number and hash, so one directory listing describes every part. */
export function partName(partNumber: number, sha256: string): string {
  return `${partNamePrefix(partNumber)}${sha256}`;
}

/** What every name of one part number starts with. */
export function partNamePrefix(partNumber: number): string {
  return `${String(partNumber).padStart(5, "0")}.`;
}

export interface StagedEntry {
  name: string;
  size: number;
  modifiedAtMs: number;
}

/**
 * The parts a listing holds, by ascending number. A re-sent part is written under its new name before the
 * old one is removed, so a listing taken in between may hold both: the later write wins.
 */
export function latestParts(entries: StagedEntry[]): StagedPart[] {
  const latest = new Map<number, StagedPart & { modifiedAtMs: number }>();
  for (const entry of entries) {
    const match = /^(\d{5})\.([0-9a-f]{64})$/.exec(entry.name);
    if (!match) continue;
    const number = Number(match[1]);
    const known = latest.get(number);
    if (known && known.modifiedAtMs > entry.modifiedAtMs) continue;
    latest.set(number, { number, size: entry.size, etag: match[2]!, modifiedAtMs: entry.modifiedAtMs });
  }
  return [...latest.values()]
    .sort((a, b) => a.number - b.number)
    .map(({ number, size, etag }) => ({ number, size, etag }));
}

/** The received parts in the order asked for; every number must have been received. */
export function pickParts(received: StagedPart[], partNumbers: number[]): StagedPart[] {
  if (partNumbers.length === 0) throw new RangeError("assemble needs at least one part");
  const byNumber = new Map(received.map((part) => [part.number, part]));
  return partNumbers.map((number) => {
    const part = byNumber.get(number);
    if (!part) throw new StagedPartMissingError(number);
    return part;
  });
}
