import { randomFillSync } from "node:crypto";
import { monotonicFactory } from "ulid";
import { ID_PREFIXES, type IdKind } from "../../contract/common.ts";

const pool = Buffer.allocUnsafe(4_096);
let taken = pool.length;

/**
 * A fraction in [0, 1) from a byte of the system's secure random source, drawn 4 KiB at a time: the library's
 * default asks the source once per character (16 calls an id), a visible cost where ids are made by the thousand
 * (webhook fan-out). A byte gives `ulid` exactly the 5 random bits of a character it keeps.
 */
export function pooledRandom(): number {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  return pool[taken++]! / 256;
}

const nextUlid = monotonicFactory(pooledRandom);

/** `<prefix>_<ULID>`; monotonic within a millisecond so ids sort in creation order. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${nextUlid()}`;
}
