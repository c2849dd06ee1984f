/**
 * Part writes of one staging area run side by side, but not beside its assembly: sealing waits for the writes in
 * flight, and writes that arrive while it runs wait for it (and then find the area sealed). In one process,
 * which is what a disk store serves.
 */
export class StagingWriters {
  readonly #inFlight = new Map<string, Set<Promise<unknown>>>();
  readonly #sealing = new Map<string, Promise<unknown>>();

  async run<T>(stagingId: string, write: () => Promise<T>): Promise<T> {
    await this.#sealing.get(stagingId)?.catch(() => {});
    const running = write();
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
}
