import { describe, expect, it } from "vitest";
import { requestTurns } from "./request-turns.ts";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("requestTurns", () => {
  it("admits at once while the turn has time left", async () => {
    const admit = requestTurns(10);
    await nextTurn();
    expect(admit()).toBeUndefined();
    expect(admit()).toBeUndefined();
  });

  it("past the budget, admits the waiting requests in their order, one per turn of the loop", async () => {
    const admit = requestTurns(5);
    await nextTurn();
    expect(admit()).toBeUndefined();
    busy(6);
    const order: string[] = [];
    const requests = ["a", "b", "c"].map((name) =>
      admit()!.then(() => {
        order.push(name);
        // A request that needs only the database runs to its end without going back to the loop.
        busy(6);
      }),
    );
    // Queued behind the waiting requests: it runs before the second of them is admitted.
    setImmediate(() => order.push("loop"));
    expect(admit()).toBeInstanceOf(Promise);
    await Promise.all(requests);
    expect(order.slice(0, 3)).toEqual(["a", "loop", "b"]);
    expect(order.at(-1)).toBe("c");
  });

  it("admits new requests at once again when nobody waits and a new turn began", async () => {
    const admit = requestTurns(5);
    await nextTurn();
    admit();
    busy(6);
    await admit();
    await nextTurn();
    await nextTurn();
    expect(admit()).toBeUndefined();
  });
});
