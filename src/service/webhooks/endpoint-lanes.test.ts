import { describe, expect, it } from "vitest";
import type { SendBatch } from "./attempt-delivery.ts";
import type { DeliveryRow } from "./deliveries.repository.ts";
import { EndpointLanes, REMEMBERED_ENDPOINTS } from "./endpoint-lanes.ts";

const batch: SendBatch = { events: new Map(), webhooks: new Map(), secrets: new Map() };
let next = 0;
const attempts = (webhookId: string, count: number) =>
  Array.from({ length: count }, () => ({ id: `dlv_${++next}`, webhookId }) as DeliveryRow);
const lanes = (answerTimes = new Map<string, number>()) =>
  new EndpointLanes({ perEndpoint: 4, maxInFlight: 6, leaseMs: 30_000 }, answerTimes);

describe("EndpointLanes", () => {
  it("starts each endpoint's attempts in order, up to its bound and the loop's", () => {
    const held = lanes();
    const a = attempts("a", 6);
    const b = attempts("b", 3);
    held.add([...a, ...b], batch);
    const first = held.takeReady().map((q) => q.delivery.id);
    expect(first).toEqual([...a.slice(0, 4), ...b.slice(0, 2)].map((d) => d.id));
    expect(held.takeReady()).toEqual([]);
    expect([held.inFlight, held.queued, held.held]).toEqual([6, 3, 9]);
    // An answer frees one slot of its endpoint, taken by that endpoint's next attempt.
    held.finished("a", 3);
    expect(held.takeReady("a").map((q) => q.delivery.id)).toEqual([a[4]!.id]);
    held.finished("b", 3);
    expect(held.takeReady("a")).toEqual([]);
    expect(held.takeReady().map((q) => q.delivery.id)).toEqual([b[2]!.id]);
  });

  it("gives back what waits for a dropped endpoint, and what waited past half its lease", () => {
    const held = lanes();
    held.add(attempts("a", 5), batch, 1_000);
    held.add(attempts("b", 5), batch, 20_000);
    held.takeReady();
    expect(held.drop("a").length).toBe(1);
    expect(held.takeStale(16_001)).toEqual([]);
    expect(held.takeStale(35_001).length).toBe(3);
    expect(held.queued).toBe(0);
    expect(held.dropAll()).toEqual([]);
  });

  it("holds ahead what a quarter-second of sending takes at the endpoint's answer time, within 64 times its bound", () => {
    const times = new Map([
      ["fast", 1],
      ["medium", 40],
      ["slow", 2_000],
    ]);
    const held = lanes(times);
    held.add(
      [...attempts("fast", 1), ...attempts("medium", 1), ...attempts("slow", 1), ...attempts("new", 1)],
      batch,
    );
    expect(held.aheadTargets()).toEqual({ fast: 256, medium: 25, slow: 4 });
    // Answers move the shared average, kept for the loops that follow.
    held.takeReady();
    held.finished("new", 10);
    expect(times.get("new")).toBe(10);
    held.finished("slow", 0);
    expect(times.get("slow")).toBe(1_600);
  });

  it("remembers the answer times of the endpoints answered last, a bounded number", () => {
    const times = new Map<string, number>();
    const held = new EndpointLanes({ perEndpoint: 1, maxInFlight: 10_000, leaseMs: 30_000 }, times);
    const ids = Array.from({ length: REMEMBERED_ENDPOINTS + 5 }, (_, i) => `e${i}`);
    held.add(
      ids.flatMap((id) => attempts(id, 2)),
      batch,
    );
    held.takeReady();
    for (const id of ids) held.finished(id, 5);
    expect(times.size).toBe(REMEMBERED_ENDPOINTS);
    expect([times.has("e4"), times.has("e5")]).toEqual([false, true]);
    // e5 answers again: it becomes the most recent, and the next to go is e6.
    held.takeReady("e5");
    held.finished("e5", 5);
    held.takeReady("e0");
    held.finished("e0", 5);
    expect([times.has("e5"), times.has("e6"), times.has("e0")]).toEqual([true, false, true]);
  });

  it("runs low when an endpoint that may have more holds less than half of its target", () => {
    const held = lanes(new Map([["a", 1]]));
    const claim = (deliveries: DeliveryRow[]) => {
      held.claimed(deliveries, held.full());
      held.add(deliveries, batch);
    };
    claim(attempts("a", 200));
    expect(held.runningLow()).toBe(false);
    held.drop("a");
    expect(held.runningLow()).toBe(false);
    claim(attempts("a", 100));
    expect(held.runningLow()).toBe(true);
    // A claim that gave it nothing though it had room: nothing more is due for it.
    claim([]);
    expect(held.runningLow()).toBe(false);
  });

  it("keeps an endpoint that was full at a claim as one that may have more", () => {
    // 125 ms answers: a quarter-second is 8 attempts at its bound of 4.
    const held = lanes(new Map([["a", 125]]));
    const first = attempts("a", 8);
    held.claimed(first);
    held.add(first, batch);
    expect([...held.full()]).toEqual(["a"]);
    // The claim had no room to give it anything, which says nothing of what it has due.
    held.claimed([], held.full());
    for (const attempt of [...held.takeReady(), ...held.takeReady()])
      held.finished(attempt.delivery.webhookId, 125);
    expect(held.runningLow()).toBe(false);
    for (const attempt of held.takeReady()) held.finished(attempt.delivery.webhookId, 125);
    expect(held.runningLow()).toBe(true);
  });
});
