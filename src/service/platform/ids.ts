import { monotonicFactory } from "ulid";
import { ID_PREFIXES, type IdKind } from "../../contract/common.ts";

const nextUlid = monotonicFactory();

/** `<prefix>_<ULID>`; monotonic within a millisecond so ids sort in creation order. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${nextUlid()}`;
}
