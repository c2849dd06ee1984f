/**
 * Part writes of one staging area run side by side, but not beside its assembly: sealing waits for the writes in
 * flight, and writes that arrive while it runs wait for it (and then find the area sealed). Writes of one part
 * number take turns: a second send of a part waits for the first to finish, then replaces it whole, so the bytes
 * at a part's place are always those its marker names. In one process, which is what a disk store serves.
 */
export class StagingWriters {
  readonly #inFlight = new Map<string, Set<Promise<unknown>>>();
  readonly #sealing = new Map<string, Promise<unknown>>();
  /** Per part (`stagingId` and part number): the last write in line; settles, never rejects, when it is done. */
  readonly #partTurns = new Map<string, Promise<void>>();

  async run<T>(stagingId: string, partNumber: number, write: () => Promise<T>): Promise<T> {
    await this.#sealing.get(stagingId)?.catch(() => {});
    // In flight from here on, waiting for its turn included: an assembly waits for the writes in line as well.
    const running = this.#inTurn(`${stagingId}/${partNumber}`, write);
    const writes = this.#inFlight.get(stagingId) ?? new Set();
    writes.add(running);
    this.#inFlight.set(stagingId, writes);
    try {
      return await running;
    } finally {
      writes.delete(running);
      if (writes.size === 0) this.#inFlight.delete(stagingId);
    }
  }

  async seal<T>(stagingId: string, assemble: () => Promise<T>): Promise<T> {
    await this.#sealing.get(stagingId)?.catch(() => {});
    const sealing = (async () => {
      await Promise.allSettled([...(this.#inFlight.get(stagingId) ?? [])]);
      return assemble();
    })();
    this.#sealing.set(stagingId, sealing);
    try {
      return await sealing;
    } finally {
      if (this.#sealing.get(stagingId) === sealing) this.#sealing.delete(stagingId);
    }
  }

  /** How many staging areas and parts it is tracking: none once every write and assembly has settled. */
  get tracked(): number {
    return this.#inFlight.size + this.#sealing.size + this.#partTurns.size;
  }

  /** Runs `write` once the writes of `key` before it have settled, however they ended. */
  async #inTurn<T>(key: string, write: () => Promise<T>): Promise<T> {
    const before = this.#partTurns.get(key);
    const running = (async () => {
      await before;
      return write();
    })();
    const done = running.then(
      () => {},
      () => {},
    );
    this.#partTurns.set(key, done);
    try {
      return await running;
    } finally {
      // Still the last in line: nobody waits for this turn, so the part is free again.
      if (this.#partTurns.get(key) === done) this.#partTurns.delete(key);
    }
  }
}
