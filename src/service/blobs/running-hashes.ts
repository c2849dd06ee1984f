import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";

/** A part written in place in a staging area's data file. */
export interface PlacedPart {
  number: number;
  etag: string;
  offset: number;
  size: number;
}

interface RunningHash {
  hash: Hash;
  /** The parts hashed, in order from offset 0; the hash covers exactly their bytes. */
  hashed: PlacedPart[];
  /** Where the hashed bytes end: the next part to hash starts here. */
  end: number;
  /** Parts written and not hashed yet, by offset. */
  waiting: Map<number, PlacedPart>;
  /** A write reached bytes already hashed (or being read): the hash is given up, the assembly reads them all. */
  spoiled: boolean;
  /** The part being read, if any. */
  reading: PlacedPart | null;
  /** The catch-up under way; the next one waits for it. */
  catchingUp: Promise<void>;
}

const READ_CHUNK = 1024 * 1024;
/** Staging areas followed at once at most; beyond, the oldest is forgotten (its assembly reads every byte). */
const MAX_FOLLOWED = 1_000;

/**
 * A running SHA-256 of each staging area's data file, moved forward while the upload goes on: as soon as the
 * parts from offset 0 on are written, their bytes are read back (from the page cache, just written) and hashed,
 * so that an assembly only hashes what came last instead of the whole file at the end. Parts arrive in any
 * order; a part is hashed once every part before it is. A write that lands on bytes already hashed spoils the
 * hash, and an assembly whose parts are not exactly those hashed (number, etag, offset, size) ignores it: either
 * way it reads every byte, as without this. In one process, as the disk store's part locks are.
 */
export class RunningHashes {
  readonly #hashes = new Map<string, RunningHash>();

  /** A write of a part at `offset` starts (before any of its bytes are written). */
  writing(stagingId: string, partNumber: number, offset: number): void {
    const running = this.#hashes.get(stagingId);
    if (!running) return;
    for (const [at, part] of running.waiting) if (part.number === partNumber) running.waiting.delete(at);
    const readingEnd = running.reading ? running.reading.offset + running.reading.size : running.end;
    if (
      offset < Math.max(running.end, readingEnd) ||
      running.hashed.some((part) => part.number === partNumber)
    )
      running.spoiled = true;
  }

  /** A part's bytes are written and its marker too: hashes it, and what follows it, once the bytes before are. */
  written(stagingId: string, dataFile: string, part: PlacedPart): void {
    const running = this.#follow(stagingId);
    if (running.spoiled) return;
    running.waiting.set(part.offset, part);
    running.catchingUp = running.catchingUp
      .then(() => catchUp(running, dataFile))
      .catch(() => {
        running.spoiled = true;
      });
  }

  /**
   * For an assembly of `parts` (in order from offset 0): the hash of a leading run of them and its size, to be
   * continued with the bytes of the rest; null when the running hash does not match them.
   */
  async take(
    stagingId: string,
    parts: PlacedPart[],
  ): Promise<{ hash: Hash; size: number; parts: number } | null> {
    const running = this.#hashes.get(stagingId);
    if (!running) return null;
    this.#hashes.delete(stagingId);
    await running.catchingUp;
    if (running.spoiled || running.hashed.length > parts.length) return null;
    const matches = running.hashed.every((part, i) => samePart(part, parts[i]!));
    return matches ? { hash: running.hash, size: running.end, parts: running.hashed.length } : null;
  }

  forget(stagingId: string): void {
    const running = this.#hashes.get(stagingId);
    if (running) running.spoiled = true;
    this.#hashes.delete(stagingId);
  }

  /** Staging areas followed now. */
  get followed(): number {
    return this.#hashes.size;
  }

  #follow(stagingId: string): RunningHash {
    let running = this.#hashes.get(stagingId);
    if (!running) {
      if (this.#hashes.size >= MAX_FOLLOWED) this.forget(this.#hashes.keys().next().value!);
      running = {
        hash: createHash("sha256"),
        hashed: [],
        end: 0,
        waiting: new Map(),
        spoiled: false,
        reading: null,
        catchingUp: Promise.resolve(),
      };
      this.#hashes.set(stagingId, running);
    }
    return running;
  }
}

/** Hashes the waiting parts that continue the hashed bytes, one after the other. */
async function catchUp(running: RunningHash, dataFile: string): Promise<void> {
  for (
    let next = running.waiting.get(running.end);
    next && !running.spoiled;
    next = running.waiting.get(running.end)
  ) {
    running.waiting.delete(next.offset);
    running.reading = next;
    // Hashed into a copy: a write that spoils the hash midway leaves the running one as it was, and unused.
    const hash = running.hash.copy();
    if (next.size > 0)
      for await (const chunk of createReadStream(dataFile, {
        start: next.offset,
        end: next.offset + next.size - 1,
        highWaterMark: READ_CHUNK,
      }))
        hash.update(chunk as Buffer);
    running.reading = null;
    if (running.spoiled) return;
    running.hash = hash;
    running.hashed.push(next);
    running.end += next.size;
  }
}

const samePart = (a: PlacedPart, b: PlacedPart) =>
  a.number === b.number && a.etag === b.etag && a.offset === b.offset && a.size === b.size;
