import { HashGapError, type HashThread } from "./hash-thread.ts";

/** A part written in place in a staging area's data file. */
export interface PlacedPart {
  number: number;
  etag: string;
  offset: number;
  size: number;
}

interface RunningHash {
  /** The running hash's key in the hash thread: one per following, so a new one never meets an old one's. */
  key: string;
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

/** Staging areas followed at once at most; beyond, the oldest is forgotten (its assembly reads every byte). */
const MAX_FOLLOWED = 1_000;
let followings = 0;

/**
 * A running SHA-256 of each staging area's data file, moved forward while the upload goes on: as soon as the
 * parts from offset 0 on are written, their bytes are read back (from the page cache, just written) and hashed,
 * so that an assembly only hashes what came last instead of the whole file at the end. Parts arrive in any
 * order; a part is hashed once every part before it is. A write that lands on bytes already hashed spoils the
 * hash, and an assembly whose parts are not exactly those hashed (number, etag, offset, size) ignores it: either
 * way it reads every byte, as without this. In one process, as the disk store's part locks are; the hashing
 * itself runs on the hash thread.
 */
export class RunningHashes {
  readonly #hashes = new Map<string, RunningHash>();

  constructor(private readonly thread: HashThread) {}

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
      .then(() => this.#catchUp(running, dataFile))
      .catch(() => {
        running.spoiled = true;
      });
  }

  /**
   * The SHA-256 of the first `size` bytes of `dataFile`, which hold `parts` in order from offset 0: the running
   * hash continued with the bytes after the leading parts it covers, or all of them read when it does not match.
   * `resumedAt` says where the reading began.
   */
  async digest(
    stagingId: string,
    parts: PlacedPart[],
    dataFile: string,
    size: number,
  ): Promise<{ sha256: string; resumedAt: number }> {
    const running = this.#hashes.get(stagingId);
    this.#hashes.delete(stagingId);
    if (running) {
      await running.catchingUp;
      const matches =
        !running.spoiled &&
        running.hashed.length <= parts.length &&
        running.hashed.every((part, i) => samePart(part, parts[i]!));
      if (matches && running.end <= size) {
        try {
          const sha256 = await this.thread.finish(running.key, dataFile, running.end, size - running.end);
          return { sha256, resumedAt: running.end };
        } catch (error) {
          if (!(error instanceof HashGapError)) throw error;
        }
      } else this.thread.forget(running.key);
    }
    return { sha256: await this.thread.digest(dataFile, 0, size), resumedAt: 0 };
  }

  forget(stagingId: string): void {
    const running = this.#hashes.get(stagingId);
    if (!running) return;
    running.spoiled = true;
    this.#hashes.delete(stagingId);
    void running.catchingUp.then(() => this.thread.forget(running.key));
  }

  /** Staging areas followed now. */
  get followed(): number {
    return this.#hashes.size;
  }

  /** Hashes the waiting parts that continue the hashed bytes, one after the other. */
  async #catchUp(running: RunningHash, dataFile: string): Promise<void> {
    for (
      let next = running.waiting.get(running.end);
      next && !running.spoiled;
      next = running.waiting.get(running.end)
    ) {
      running.waiting.delete(next.offset);
      running.reading = next;
      // A write that spoils the hash meanwhile leaves it unused: its assembly reads every byte.
      await this.thread.extend(running.key, dataFile, next.offset, next.size);
      running.reading = null;
      if (running.spoiled) return;
      running.hashed.push(next);
      running.end += next.size;
    }
  }

  #follow(stagingId: string): RunningHash {
    let running = this.#hashes.get(stagingId);
    if (!running) {
      if (this.#hashes.size >= MAX_FOLLOWED) this.forget(this.#hashes.keys().next().value!);
      running = {
        key: `${stagingId}#${++followings}`,
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

const samePart = (a: PlacedPart, b: PlacedPart) =>
  a.number === b.number && a.etag === b.etag && a.offset === b.offset && a.size === b.size;
