import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { events, webhookDeliveries } from "../db/schema/index.ts";
import { startWorkers, type Workers } from "../jobs/workers.ts";
import { emit } from "../platform/outbox.ts";
import { apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { firstAttempt } from "./delivery-rows.ts";
import { FAST_WEBHOOK_ENV, type Receiver, startReceiver, waitFor } from "./webhooks-test-kit.ts";

const BACKLOG = 1_000;
/** The endpoint answers after this long: 4 in flight, the backlog takes about 6 s. */
const ANSWER_MS = 25;

let service: TestService;
let receiver: Receiver;
let workers: Workers;
let webhookId: string;

const eventIdOf = (request: Receiver["received"][number]) => String(request.headers["service-event-id"]);

beforeAll(async () => {
  service = await startTestService({ env: FAST_WEBHOOK_ENV });
  receiver = await startReceiver((_request, _index, res) => setTimeout(() => res.end("ok"), ANSWER_MS));
  const api = apiClient(service.regionalUrl, await service.createKey(["webhooks:write"]));
  const created = await api("POST", "/v1/webhooks", {
    body: { url: receiver.url, events: ["library.updated"] },
  });
  expect(created.status).toBe(201);
  webhookId = (created.body as { id: string }).id;
  workers = await startWorkers(service.deps);
});
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await service?.close();
});

const libraryUpdated = (tx: Db, n: number) =>
  emit(tx, {
    brandspaceId: service.seed.brandspaceId,
    type: "library.updated",
    actor: { type: "system", id: null },
    data: { object: "library", id: `lib_late_${n}`, name: `Late ${n}` },
  });

describe("an attempt committed with a place behind what a running loop holds", { timeout: 60_000 }, () => {
  it("is sent within a sweep, while the endpoint's backlog is still going out", async () => {
    const early = await service.deps.db.transaction((tx) => libraryUpdated(tx as Db, 0));
    await waitFor(() => receiver.received.find((r) => eventIdOf(r) === early.id), 10_000, "the first event");
    const backlog = await service.deps.db.transaction(async (tx) => {
      const ids = new Set<string>();
      for (let n = 1; n <= BACKLOG; n++) ids.add((await libraryUpdated(tx as Db, n)).id);
      return ids;
    });
    const backlogArrived = () => receiver.received.filter((r) => backlog.has(eventIdOf(r))).length;
    // The loop now holds the endpoint and reads its queue on from the last attempt it took.
    await waitFor(() => backlogArrived() >= 100, 20_000, "the backlog under way");

    // As a transaction that began before those claims and committed after them: its place in the queue (its
    // scheduled time) is behind everything the loop holds.
    const [earlyRow] = await service.deps.db.select().from(events).where(eq(events.id, early.id));
    const late = firstAttempt({
      brandspaceId: service.seed.brandspaceId,
      webhookId,
      event: { id: early.id, seq: earlyRow!.seq, type: earlyRow!.type },
      origin: "redeliver",
      enabled: true,
    });
    await service.deps.db
      .insert(webhookDeliveries)
      .values({ ...late, scheduledAt: new Date(Date.now() - 60_000) });
    const committedAt = Date.now();

    const arrived = await waitFor(
      () => receiver.received.find((r) => r.headers["service-delivery-id"] === late.id),
      20_000,
      "the late attempt",
    );
    // A sweep behind the loop's place comes every 2 s; without it, the attempt would wait for the backlog's end.
    expect(arrived.at - committedAt).toBeLessThan(5_000);
    expect(backlogArrived()).toBeLessThan(BACKLOG);
  });
});
