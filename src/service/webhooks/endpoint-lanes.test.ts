import { describe, expect, it } from "vitest";
import type { SendBatch } from "./attempt-delivery.ts";
import type { ClaimedAttempt } from "./delivery-queue.repository.ts";
import { EndpointLanes, REMEMBERED_ENDPOINTS, SWEEP_EVERY_MS } from "./endpoint-lanes.ts";

const batch: SendBatch = { events: new Map(), endpoints: new Map() };
let next = 0;
const attempts = (webhookId: string, count: number) =>
  Array.from({ length: count }, () => {
    const id = `dlv_${++next}`;
    return { id, webhookId, queueKey: [next, next, id] } as ClaimedAttempt;
  });
const lanes = (answerTimes = new Map<string, number>()) =>
  new EndpointLanes({ perEndpoint: 4, maxInFlight: 6, leaseMs: 30_000 }, answerTimes);
/** As a claim that leased the endpoints at `at` and gave them these attempts. */
const hold = (held: EndpointLanes, claimed: ClaimedAttempt[], at = Date.now()) => {
  held.claimed(claimed, held.full(), { renewed: [...new Set(claimed.map((d) => d.webhookId))], at });
  held.add(claimed, batch);
};

describe("EndpointLanes", () => {
  it("starts each endpoint's attempts in order, up to its bound and the loop's", () => {
    const held = lanes();
    const a = attempts("a", 6);
    const b = attempts("b", 3);
    hold(held, [...a, ...b]);
    const first = held.takeReady().map((q) => q.delivery.id);
    expect(first).toEqual([...a.slice(0, 4), ...b.slice(0, 2)].map((d) => d.id));
    expect(held.takeReady()).toEqual([]);
    expect([held.inFlight, held.queued, held.held]).toEqual([6, 3, 9]);
    // An answer frees one slot of its endpoint, taken by that endpoint's next attempt.
    held.finished(a[0]!, 3);
    expect(held.takeReady("a").map((q) => q.delivery.id)).toEqual([a[4]!.id]);
    held.finished(b[0]!, 3);
    expect(held.takeReady("a")).toEqual([]);
    expect(held.takeReady().map((q) => q.delivery.id)).toEqual([b[2]!.id]);
  });

  it("drops what waits for a dropped endpoint, and starts nothing of one whose lease is half gone unrenewed", () => {
    const held = lanes();
    hold(held, attempts("a", 5), 1_000);
    hold(held, attempts("b", 5), 20_000);
    expect(held.takeReady(undefined, 2_000).length).toBe(6);
    expect(held.drop("a").length).toBe(1);
    // b's lease runs until 50,000: half of it is gone at 35,000.
    expect(held.dropUnleased(34_999)).toEqual([]);
    expect(held.takeReady(undefined, 35_000)).toEqual([]);
    expect(held.dropUnleased(35_000).length).toBe(3);
    expect(held.queued).toBe(0);
    expect(held.dropAll()).toEqual([]);
  });

  it("starts nothing of an endpoint whose lease the last claim did not take or renew", () => {
    const held = lanes();
    const claimed = attempts("a", 2);
    held.claimed(claimed, new Set(), { renewed: [], at: Date.now() });
    held.add(claimed, batch);
    expect(held.takeReady()).toEqual([]);
  });

  it("claims on from the last attempt held, from the front when it holds none, and sweeps behind it now and then", () => {
    const held = lanes(new Map([["a", 125]]));
    const first = attempts("a", 3);
    hold(held, first, 0);
    // 125 ms answers: a quarter-second is 8 attempts at its bound of 4; it holds 3.
    expect(held.claimSpec([], 1_000)).toEqual({ a: { take: 5, after: first[2]!.queueKey } });
    const sending = held.takeReady(undefined, 1_000).map((q) => q.delivery);
    expect(held.claimSpec([], SWEEP_EVERY_MS)).toEqual({
      a: { take: 5, upTo: first[2]!.queueKey, skip: sending.map((d) => d.id) },
    });
    // What a sweep gives is behind the last attempt held: the claims after it read on from there.
    const late = attempts("a", 1);
    hold(held, late, SWEEP_EVERY_MS);
    expect(held.claimSpec([], SWEEP_EVERY_MS + 1)).toEqual({ a: { take: 4, after: first[2]!.queueKey } });
    for (const attempt of [
      ...sending,
      ...held.takeReady(undefined, SWEEP_EVERY_MS + 1).map((q) => q.delivery),
    ])
      held.finished(attempt, 125);
    // It holds none: from the front, but not the answers being recorded beside the claim.
    expect(held.claimSpec(sending.slice(0, 1), SWEEP_EVERY_MS + 2)).toEqual({
      a: { take: 8, skip: [sending[0]!.id] },
    });
    expect(held.claimSpec([], SWEEP_EVERY_MS + 3)).toEqual({ a: { take: 8 } });
  });

  it("holds ahead what a quarter-second of sending takes at the endpoint's answer time, within 64 times its bound", () => {
    const times = new Map([
      ["fast", 1],
      ["medium", 40],
      ["slow", 2_000],
    ]);
    expect(lanes(times).claimSpec()).toEqual({
      fast: { take: 256 },
      medium: { take: 25 },
      slow: { take: 4 },
    });
    // Answers move the shared average, kept for the loops that follow.
    const held = lanes(times);
    const [fresh] = attempts("new", 1);
    const [slow] = attempts("slow", 1);
    hold(held, [fresh!, slow!]);
    held.takeReady();
    held.finished(fresh!, 10);
    expect(times.get("new")).toBe(10);
    held.finished(slow!, 0);
    expect(times.get("slow")).toBe(1_600);
  });

  it("remembers the answer times of the endpoints answered last, a bounded number", () => {
    const times = new Map<string, number>();
    const held = new EndpointLanes({ perEndpoint: 1, maxInFlight: 10_000, leaseMs: 30_000 }, times);
    const ids = Array.from({ length: REMEMBERED_ENDPOINTS + 5 }, (_, i) => `e${i}`);
    hold(
      held,
      ids.flatMap((id) => attempts(id, 2)),
    );
    for (const attempt of held.takeReady()) held.finished(attempt.delivery, 5);
    expect(times.size).toBe(REMEMBERED_ENDPOINTS);
    expect([times.has("e4"), times.has("e5")]).toEqual([false, true]);
    // e5 answers again: it becomes the most recent, and the next to go is e6.
    for (const attempt of held.takeReady("e5")) held.finished(attempt.delivery, 5);
    for (const attempt of held.takeReady("e0")) held.finished(attempt.delivery, 5);
    expect([times.has("e5"), times.has("e6"), times.has("e0")]).toEqual([true, false, true]);
  });

  it("runs low when an endpoint that may have more holds less than half of its target", () => {
    const held = lanes(new Map([["a", 1]]));
    const claim = (deliveries: ClaimedAttempt[]) => hold(held, deliveries);
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
    hold(held, attempts("a", 8));
    expect([...held.full()]).toEqual(["a"]);
    // The claim had no room to give it anything, which says nothing of what it has due.
    held.claimed([], held.full());
    for (const attempt of held.takeReady()) held.finished(attempt.delivery, 125);
    expect(held.runningLow()).toBe(false);
    for (const attempt of held.takeReady()) held.finished(attempt.delivery, 125);
    expect(held.runningLow()).toBe(true);
  });
});
