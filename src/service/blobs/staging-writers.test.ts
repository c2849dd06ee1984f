import { describe, expect, it } from "vitest";
import { StagingWriters } from "./staging-writers.ts";

/** A promise settled from outside, to hold a write open for as long as a test needs. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Lets every queued promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("StagingWriters", () => {
  it("runs a second write of one part after the first, and writes of other parts or areas beside it", async () => {
    const writers = new StagingWriters();
    const log: string[] = [];
    const first = gate();
    const write = (name: string, held?: Promise<void>) => async () => {
      log.push(`${name} starts`);
      await held;
      log.push(`${name} ends`);
      return name;
    };
    const writes = [
      writers.run("upl_a", 1, write("a1 first", first.promise)),
      writers.run("upl_a", 1, write("a1 second")),
      writers.run("upl_a", 2, write("a2")),
      writers.run("upl_b", 1, write("b1")),
    ];
    await settle();
    // Part 2 and the other area went ahead; the second write of part 1 waits for the first.
    expect([...log].sort()).toEqual(["a1 first starts", "a2 ends", "a2 starts", "b1 ends", "b1 starts"]);
    first.open();
    expect(await Promise.all(writes)).toEqual(["a1 first", "a1 second", "a2", "b1"]);
    expect(log.slice(5)).toEqual(["a1 first ends", "a1 second starts", "a1 second ends"]);
    expect(writers.tracked).toBe(0);
  });

  it("lets the next write of a part through when the one before fails, and tracks nothing afterwards", async () => {
    const writers = new StagingWriters();
    const first = gate();
    const failing = writers.run("upl_a", 1, () => first.promise);
    const next = writers.run("upl_a", 1, async () => "next");
    const thrown = writers.run("upl_a", 1, () => {
      throw new Error("thrown before any await");
    });
    const last = writers.run("upl_a", 1, async () => "last");
    await settle();
    expect(writers.tracked).toBe(2); // upl_a's writes in flight, and part 1's line.

    first.fail(new Error("client went away"));
    await expect(failing).rejects.toThrow("client went away");
    expect(await next).toBe("next");
    await expect(thrown).rejects.toThrow("thrown before any await");
    expect(await last).toBe("last");
    expect(writers.tracked).toBe(0);
  });

  it("seals once the writes in flight and those waiting for their part have settled", async () => {
    const writers = new StagingWriters();
    const log: string[] = [];
    const first = gate();
    const writes = [
      writers.run("upl_a", 1, async () => {
        await first.promise;
        log.push("first");
      }),
      writers.run("upl_a", 1, async () => {
        log.push("second");
      }),
    ];
    const sealed = writers.seal("upl_a", async () => {
      log.push("sealed");
    });
    await settle();
    expect(log).toEqual([]);
    first.open();
    await Promise.all([...writes, sealed]);
    expect(log).toEqual(["first", "second", "sealed"]);
    expect(writers.tracked).toBe(0);
  });
});
