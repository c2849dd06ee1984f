import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, webhookDeliveries } from "../db/schema/index.ts";
import { startWorkers } from "../jobs/workers.ts";
import { apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { FAST_WEBHOOK_ENV, type Receiver, startReceiver, waitFor } from "./webhooks-test-kit.ts";

let service: TestService;
let r: Receiver;

beforeAll(async () => {
  service = await startTestService({ env: { ...FAST_WEBHOOK_ENV, WEBHOOK_DELIVERY_LEASE: "1s" } });
  // The first request hangs, as a receiver would while the sender dies; later ones succeed.
  r = await startReceiver((_req, index, res) => {
    if (index > 0) res.end("ok");
  });
});
afterAll(async () => {
  await r.close();
  await service.close();
});

describe("a sender that stops mid-delivery", { timeout: 40_000 }, () => {
  it("loses no event, and a resent delivery carries the same event id", async () => {
    const api = apiClient(
      service.regionalUrl,
      await service.createKey(["webhooks:write", "libraries:write"]),
    );
    const hook = (await api("POST", "/v1/webhooks", { body: { url: r.url, events: ["library.created"] } }))
      .body;
    const first = await startWorkers(service.deps, { pollMs: 50, stopTimeoutMs: 200 });
    const libraries: string[] = [];
    for (let i = 0; i < 3; i++)
      libraries.push((await api("POST", "/v1/libraries", { body: { name: `c${i}` } })).body.id);
    await waitFor(() => r.received.length >= 1, 15_000, "the hanging request");
    await first.stop();
    // Committed while no worker runs: the fan-out marker, not a lost wake-up, decides they are still owed.
    for (let i = 3; i < 5; i++)
      libraries.push((await api("POST", "/v1/libraries", { body: { name: `c${i}` } })).body.id);

    const second = await startWorkers(service.deps, { pollMs: 50 });
    try {
      const bodies = () => r.received.map((q) => ({ q, body: JSON.parse(q.body.toString()) }));
      await waitFor(
        () => libraries.every((id) => bodies().some(({ q, body }, i) => body.data.id === id && i > 0 && q)),
        20_000,
        "every event delivered",
      );
      const hung = bodies()[0]!;
      const resent = bodies().filter(({ body }) => body.data.id === hung.body.data.id);
      expect(resent.length).toBeGreaterThanOrEqual(2);
      expect(new Set(resent.map(({ q }) => q.headers["service-event-id"]))).toEqual(new Set([hung.body.id]));
      expect(new Set(resent.map(({ q }) => q.headers["service-delivery-id"])).size).toBe(1);

      const rows = await service.deps.db.select().from(webhookDeliveries);
      const chains = rows.filter((d) => d.webhookId === hook.id && d.attempt === 1);
      expect(chains).toHaveLength(5);
      expect(new Set(chains.map((d) => d.eventId)).size).toBe(5);
      await waitFor(async () => {
        const list = (await api("GET", `/v1/webhooks/${hook.id}/deliveries?status=success`)).body.data;
        return list.length === 5;
      });
    } finally {
      await second.stop();
    }
  });
});

describe("a sender that died holding the dispatcher's job", { timeout: 40_000 }, () => {
  it("does not hold back the deliveries of the processes still running", async () => {
    const receiver = await startReceiver();
    const api = apiClient(
      service.regionalUrl,
      await service.createKey(["webhooks:write", "libraries:write"]),
    );
    await api("POST", "/v1/webhooks", { body: { url: receiver.url, events: ["library.created"] } });
    // As a process killed in the middle of a dispatch pass leaves it: running, leased for long after its death.
    await service.deps.db.insert(jobs).values({
      type: "webhooks.dispatch",
      payload: {},
      status: "running",
      attempts: 1,
      lockedBy: "a crashed worker",
      lockedUntil: sql`now() + interval '1 hour'`,
      dedupeKey: "schedule:webhooks.dispatch",
    });
    const workers = await startWorkers(service.deps, { pollMs: 50 });
    try {
      const library = (await api("POST", "/v1/libraries", { body: { name: "after the crash" } })).body;
      await waitFor(
        () => receiver.received.some((q) => JSON.parse(q.body.toString()).data.id === library.id),
        10_000,
        "the event delivered by the live process",
      );
    } finally {
      await workers.stop();
      await receiver.close();
    }
  });
});
