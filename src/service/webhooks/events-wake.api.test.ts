import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, rowsOf } from "../db/client.ts";
import { startWorkers, type Workers } from "../jobs/workers.ts";
import { emit } from "../platform/outbox.ts";
import { apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { FAST_WEBHOOK_ENV, type Receiver, startReceiver, waitFor } from "./webhooks-test-kit.ts";

let service: TestService;
let receiver: Receiver;
let workers: Workers;

/** `webhooks.dispatch` jobs still queued or running. */
async function openDispatchJobs() {
  const [row] = rowsOf<{ open: number }>(
    await service.deps.db.execute(sql`
      select count(*)::int as open from jobs
      where type = 'webhooks.dispatch' and status in ('queued', 'running')`),
  );
  return row!.open;
}

const commitEvent = (type: "library.updated") =>
  service.deps.db.transaction((tx) =>
    emit(tx as Db, {
      brandspaceId: service.seed.brandspaceId,
      type,
      actor: { type: "system", id: null },
      data: { object: "library", id: "lib_from_elsewhere", name: "Elsewhere" },
    }),
  );

beforeAll(async () => {
  // Schedules tick and the runner polls once a minute: only the database's notification can wake the dispatcher.
  service = await startTestService({ env: { ...FAST_WEBHOOK_ENV, JOB_POLL_MS: "60000" } });
  receiver = await startReceiver();
  const api = apiClient(service.regionalUrl, await service.createKey(["webhooks:write"]));
  const created = await api("POST", "/v1/webhooks", {
    body: { url: receiver.url, events: ["library.updated"] },
  });
  expect(created.status).toBe(201);
  workers = await startWorkers(service.deps);
  // The pass its start queued has looked for work, found none and ended.
  await waitFor(async () => (await openDispatchJobs()) === 0);
});
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await service?.close();
});

describe("events committed by a process that tells the dispatcher nothing", { timeout: 30_000 }, () => {
  it("are delivered at once, not at the dispatcher's next heartbeat", async () => {
    // As another process's transaction: no in-process signal, only the commit.
    const event = await commitEvent("library.updated");
    const arrived = await waitFor(
      () => receiver.received.find((request) => request.headers["service-event-id"] === event.id),
      10_000,
      "the event delivered",
    );
    expect(arrived.at - event.occurredAt.getTime()).toBeLessThan(5_000);
  });
});
