import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { FAST_WEBHOOK_ENV, type Receiver, startReceiver, waitFor } from "./webhooks-test-kit.ts";

let service: TestService;
let api: ReturnType<typeof apiClient>;
let r: Receiver;

beforeAll(async () => {
  service = await startTestService({ env: FAST_WEBHOOK_ENV, workers: true });
  api = apiClient(service.regionalUrl, await service.createKey(["webhooks:write", "libraries:write"]));
  // Events about libraries named "bad …" fail until the test says otherwise.
  r = await startReceiver((request, _i, res) => {
    res.statusCode = JSON.parse(request.body.toString()).data?.name?.startsWith("bad") ? 500 : 200;
    res.end();
  });
});
afterAll(async () => {
  await r.close();
  await service.close();
});

const named = (name: string) => r.received.filter((q) => JSON.parse(q.body.toString()).data?.name === name);

async function deliveries(webhookId: string, query = "") {
  return (await api("GET", `/v1/webhooks/${webhookId}/deliveries${query}`)).body.data as Array<
    Record<string, unknown>
  >;
}

async function replayDone(webhookId: string, replayId: string) {
  return waitFor(async () => {
    const replay = (await api("GET", `/v1/webhooks/${webhookId}/replays/${replayId}`)).body;
    return replay.status === "completed" ? replay : null;
  });
}

describe("replays", { timeout: 40_000 }, () => {
  it("queues the range again, all or only the failed events, as origin replay", async () => {
    const hook = (await api("POST", "/v1/webhooks", { body: { url: r.url, events: ["library.created"] } }))
      .body;
    const since = new Date().toISOString();
    await api("POST", "/v1/libraries", { body: { name: "good one" } });
    await api("POST", "/v1/libraries", { body: { name: "bad one" } });
    await waitFor(
      async () => (await deliveries(hook.id, "?status=exhausted")).length === 1,
      20_000,
      "exhaustion",
    );
    expect(named("good one")).toHaveLength(1);

    const onlyFailed = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since, only_failed: true },
    });
    expect(onlyFailed.status).toBe(202);
    expect(onlyFailed.body).toMatchObject({
      object: "replay",
      webhook_id: hook.id,
      since,
      until: null,
      status: "queued",
      event_count: 0,
    });
    expect(onlyFailed.body.id).toMatch(/^rpy_/);
    expect((await replayDone(hook.id, onlyFailed.body.id)).event_count).toBe(1);
    await waitFor(() => named("bad one").length === 7, 20_000, "the replayed bad event");
    const exhausted = await deliveries(hook.id, "?status=exhausted");
    const replayed = (await deliveries(hook.id)).find((d) => d.origin === "replay" && d.attempt === 1);
    expect(replayed).toMatchObject({ event_type: "library.created" });
    expect(replayed!.replayed_from_id).toBe(exhausted.at(-1)!.id);

    const all = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since, event_types: ["library.created"] },
    });
    expect((await replayDone(hook.id, all.body.id)).event_count).toBe(2);
    await waitFor(() => named("good one").length === 2);

    const none = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since: "2020-01-01T00:00:00.000Z", until: "2020-01-02T00:00:00.000Z" },
    });
    expect((await replayDone(hook.id, none.body.id)).event_count).toBe(0);
    // Years below 100 are kept as sent, read back as well (not as 19xx or 20xx), and replay nothing.
    const ancient = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since: "0001-01-01T00:00:00Z", until: "0049-01-01T00:00:00Z" },
    });
    expect(ancient.body).toMatchObject({
      since: "0001-01-01T00:00:00.000Z",
      until: "0049-01-01T00:00:00.000Z",
    });
    const ancientDone = await replayDone(hook.id, ancient.body.id);
    expect(ancientDone).toMatchObject({ since: "0001-01-01T00:00:00.000Z", event_count: 0 });
    const otherType = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since, event_types: ["file.created"] },
    });
    expect((await replayDone(hook.id, otherType.body.id)).event_count).toBe(0);
  });

  it("only_failed takes events whose last delivery to the endpoint ended failed: not those never sent, nor those in flight", async () => {
    const held: Array<() => void> = [];
    const receiver = await startReceiver((request, _i, res) => {
      const name = JSON.parse(request.body.toString()).data?.name as string;
      if (name === "held one") held.push(() => res.end());
      else {
        res.statusCode = name === "failing one" ? 500 : 200;
        res.end();
      }
    });
    try {
      const since = new Date().toISOString();
      await api("POST", "/v1/libraries", { body: { name: "before the endpoint" } });
      const hook = (
        await api("POST", "/v1/webhooks", { body: { url: receiver.url, events: ["library.created"] } })
      ).body;
      await api("POST", "/v1/libraries", { body: { name: "held one" } });
      await api("POST", "/v1/libraries", { body: { name: "failing one" } });
      await waitFor(() => held.length === 1, 10_000, "the held delivery in flight");
      await waitFor(async () => (await deliveries(hook.id, "?status=exhausted")).length === 1, 20_000);
      expect(await deliveries(hook.id, "?status=pending")).toHaveLength(1);
      const [exhausted] = await deliveries(hook.id, "?status=exhausted");

      const replay = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
        body: { since, only_failed: true },
      });
      expect((await replayDone(hook.id, replay.body.id)).event_count).toBe(1);
      const replayed = (await deliveries(hook.id)).filter((d) => d.origin === "replay" && d.attempt === 1);
      expect(replayed).toHaveLength(1);
      expect(replayed[0]).toMatchObject({ event_id: exhausted!.event_id, replayed_from_id: exhausted!.id });

      // Without it, every matching event of the range goes again, the one never sent to this endpoint too.
      const every = await api("POST", `/v1/webhooks/${hook.id}/replays`, { body: { since } });
      expect((await replayDone(hook.id, every.body.id)).event_count).toBe(3);
      await api("DELETE", `/v1/webhooks/${hook.id}`);
    } finally {
      for (const release of held) release();
      await receiver.close();
    }
  });

  it("validates the replay body", async () => {
    const hook = (await api("POST", "/v1/webhooks", { body: { url: r.url, events: ["*"] } })).body;
    const backwards = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since: "2026-01-02T00:00:00.000Z", until: "2026-01-01T00:00:00.000Z" },
    });
    expect(backwards.status).toBe(400);
    const unknown = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since: "2026-01-02T00:00:00.000Z", event_types: ["nope"] },
    });
    expect(unknown.status).toBe(400);
    const notADate = await api("POST", `/v1/webhooks/${hook.id}/replays`, { body: { since: "last week" } });
    expect(notADate.status).toBe(400);
    // Any ISO 8601 date-time is taken (no fractions, an offset); the answer gives them back in UTC.
    const plain = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since: "2026-01-01T00:00:00Z", until: "2026-01-01T12:30:00+02:00" },
    });
    expect(plain.status).toBe(202);
    expect(plain.body).toMatchObject({
      since: "2026-01-01T00:00:00.000Z",
      until: "2026-01-01T10:30:00.000Z",
    });
    await replayDone(hook.id, plain.body.id);
    // Null is what a replay gives back for the fields left out, and is taken as left out.
    const nulls = await api("POST", `/v1/webhooks/${hook.id}/replays`, {
      body: { since: "2026-01-01T00:00:00Z", until: null, event_types: null, only_failed: null },
    });
    expect(nulls.status, nulls.text).toBe(202);
    expect(nulls.body).toMatchObject({ until: null });
    await replayDone(hook.id, nulls.body.id);
    await api("DELETE", `/v1/webhooks/${hook.id}`);
  });

  it("disables an endpoint as failing after no success for the window and enough exhausted deliveries", async () => {
    // A service of its own whose failing window is a millisecond and whose bar is two exhausted deliveries.
    const strict = await startTestService({
      env: { ...FAST_WEBHOOK_ENV, WEBHOOK_FAILING_AFTER: "1ms", WEBHOOK_FAILING_MIN_EXHAUSTED: "2" },
      workers: true,
    });
    try {
      const call = apiClient(
        strict.regionalUrl,
        await strict.createKey(["webhooks:write", "libraries:write"]),
      );
      const hook = (await call("POST", "/v1/webhooks", { body: { url: r.url, events: ["library.created"] } }))
        .body;
      const exhausted = async () =>
        (await call("GET", `/v1/webhooks/${hook.id}/deliveries?status=exhausted`)).body.data.length;
      await call("POST", "/v1/libraries", { body: { name: "bad first" } });
      await waitFor(async () => (await exhausted()) === 1, 20_000);
      expect((await call("GET", `/v1/webhooks/${hook.id}`)).body.enabled).toBe(true);
      await call("POST", "/v1/libraries", { body: { name: "bad second" } });
      const disabled = await waitFor(async () => {
        const row = (await call("GET", `/v1/webhooks/${hook.id}`)).body;
        return row.enabled ? null : row;
      }, 20_000);
      expect(disabled).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    } finally {
      await strict.close();
    }
  });
});
