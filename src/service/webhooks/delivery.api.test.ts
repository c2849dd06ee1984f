import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import {
  FAST_WEBHOOK_ENV,
  type Receiver,
  startReceiver,
  verifySignature,
  waitFor,
} from "./webhooks-test-kit.ts";

let service: TestService;
let api: ReturnType<typeof apiClient>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  service = await startTestService({ env: FAST_WEBHOOK_ENV, workers: true });
  api = apiClient(service.regionalUrl, await service.createKey(["webhooks:write", "libraries:write"]));
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await service.close();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

async function endpoint(url: string, events: string[] = ["library.created"]) {
  const created = await api("POST", "/v1/webhooks", { body: { url, events } });
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string };
}

/** Emits `library.created` through a real API call; returns the library id found in `data.id`. */
async function emitEvent(): Promise<string> {
  const library = await api("POST", "/v1/libraries", { body: { name: `lib ${Date.now()}` } });
  expect(library.status).toBe(201);
  return library.body.id;
}

const about = (r: Receiver, libraryId: string) =>
  r.received.filter((req) => JSON.parse(req.body.toString()).data?.id === libraryId);

async function deliveries(webhookId: string, query = "") {
  return (await api("GET", `/v1/webhooks/${webhookId}/deliveries${query}`)).body.data as Array<
    Record<string, unknown>
  >;
}

const EXPECTED_HEADERS = [
  "service-signature",
  "service-webhook-id",
  "service-event-id",
  "service-event-type",
  "service-delivery-id",
  "service-delivery-attempt",
  "x-request-id",
  "user-agent",
  "content-type",
  "content-length",
];

describe("delivery", { timeout: 40_000 }, () => {
  it("posts the envelope with exactly the spec's headers and a verifiable signature", async () => {
    const r = await receiver();
    const hook = await endpoint(r.url);
    const libraryId = await emitEvent();
    const [request] = await waitFor(() => (about(r, libraryId).length ? about(r, libraryId) : null));
    const h = request!.headers;
    const names = new Set(Object.keys(h));
    for (const name of EXPECTED_HEADERS) expect(names.has(name), name).toBe(true);
    expect(
      [...names].filter((n) => !EXPECTED_HEADERS.includes(n) && !["host", "connection"].includes(n)),
    ).toEqual([]);
    expect(h["transfer-encoding"]).toBeUndefined();
    const body = JSON.parse(request!.body.toString());
    expect(body).toMatchObject({
      object: "event",
      type: "library.created",
      brandspace_id: service.seed.brandspaceId,
      actor: { type: "user", id: service.seed.users.owner.id },
      data: { object: "library", id: libraryId },
      attempt: 1,
    });
    expect(h["service-event-id"]).toBe(body.id);
    expect(h["service-event-type"]).toBe("library.created");
    expect(h["service-webhook-id"]).toBe(hook.id);
    expect(h["service-delivery-id"]).toMatch(/^dlv_/);
    expect(h["service-delivery-attempt"]).toBe("1");
    expect(h["x-request-id"]).toMatch(/^req_/);
    expect(h["user-agent"]).toBe("Service-Webhooks/1.0");
    expect(h["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(h["content-length"])).toBe(request!.body.length);
    expect(h["service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(String(h["service-signature"]), request!.body, hook.secret)).toBe(true);
    expect(
      verifySignature(String(h["service-signature"]), Buffer.from(`${request!.body} `), hook.secret),
    ).toBe(false);
    expect(verifySignature(String(h["service-signature"]), request!.body, "whsec_other")).toBe(false);

    const [delivery] = await waitFor(async () => {
      const list = await deliveries(hook.id);
      return list[0]?.status === "success" ? list : null;
    });
    expect(delivery).toMatchObject({
      object: "delivery",
      id: h["service-delivery-id"],
      webhook_id: hook.id,
      event_id: body.id,
      event_type: "library.created",
      attempt: 1,
      http_status: 200,
      error_code: null,
      response_excerpt: "ok",
      request_id: h["x-request-id"],
      origin: "fanout",
      replayed_from_id: null,
    });
    const single = await api("GET", `/v1/webhooks/${hook.id}/deliveries/${delivery!.id}`);
    expect(single.body).toEqual(delivery);
  });

  it("signs with both secrets for 24 h after a roll, the current one first", async () => {
    const r = await receiver();
    const hook = await endpoint(r.url);
    const rolled = (await api("POST", `/v1/webhooks/${hook.id}/roll-secret`)).body.secret as string;
    const libraryId = await emitEvent();
    const [request] = await waitFor(() => (about(r, libraryId).length ? about(r, libraryId) : null));
    const header = String(request!.headers["service-signature"]);
    const [t, first, second, extra] = header.split(",");
    expect(extra).toBeUndefined();
    expect(verifySignature(`${t},${first}`, request!.body, rolled)).toBe(true);
    expect(verifySignature(`${t},${second}`, request!.body, hook.secret)).toBe(true);
    expect(verifySignature(header, request!.body, hook.secret)).toBe(true);
  });

  it("sends to a new URL with a rolled secret as soon as the change is answered, while it keeps sending", async () => {
    const [before, after] = [await receiver(), await receiver()];
    for (const r of [before, after]) r.setResponder((_req, _i, res) => setTimeout(() => res.end("ok"), 150));
    const hook = await endpoint(before.url);
    // A stream of events, each sent before the last is answered, keeps the dispatcher's loop running with the
    // endpoint read across the change.
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        await emitEvent();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      await waitFor(() => (before.received.length >= 5 ? true : null), 20_000, "the stream under way");
      expect((await api("PATCH", `/v1/webhooks/${hook.id}`, { body: { url: after.url } })).status).toBe(200);
      const rolled = (await api("POST", `/v1/webhooks/${hook.id}/roll-secret`)).body.secret as string;
      const libraryId = await emitEvent();
      const [request] = await waitFor(() =>
        about(after, libraryId).length ? about(after, libraryId) : null,
      );
      expect(about(before, libraryId)).toEqual([]);
      const [t, current] = String(request!.headers["service-signature"]).split(",");
      expect(verifySignature(`${t},${current}`, request!.body, rolled)).toBe(true);
    } finally {
      streaming = false;
      await stream;
    }
    await api("DELETE", `/v1/webhooks/${hook.id}`);
  });

  it("retries failures on the schedule and stops at the first success", async () => {
    const r = await receiver((_req, index, res) => {
      res.statusCode = index < 2 ? 500 : 200;
      res.end(index < 2 ? "x".repeat(3000) : "fine");
    });
    const hook = await endpoint(r.url);
    const libraryId = await emitEvent();
    await waitFor(() => about(r, libraryId).length >= 3, 20_000, "three attempts");
    const requests = about(r, libraryId);
    expect(requests.map((q) => q.headers["service-delivery-attempt"])).toEqual(["1", "2", "3"]);
    expect(new Set(requests.map((q) => q.headers["service-event-id"])).size).toBe(1);
    expect(new Set(requests.map((q) => q.headers["service-delivery-id"])).size).toBe(3);
    expect(requests.map((q) => JSON.parse(q.body.toString()).attempt)).toEqual([1, 2, 3]);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(85);

    const list = await waitFor(async () => {
      const rows = await deliveries(hook.id);
      return rows[0]?.status === "success" ? rows : null;
    });
    expect(list.map((d) => [d.attempt, d.status])).toEqual([
      [3, "success"],
      [2, "failed"],
      [1, "failed"],
    ]);
    expect(list[1]).toMatchObject({ http_status: 500, error_code: "http_error" });
    expect(String(list[1]!.response_excerpt)).toHaveLength(1024);
    const failed = await deliveries(hook.id, "?status=failed");
    expect(failed.map((d) => d.attempt)).toEqual([2, 1]);
    const page = await api("GET", `/v1/webhooks/${hook.id}/deliveries?limit=1`);
    expect(page.body.has_more).toBe(true);
    const next = await api(
      "GET",
      `/v1/webhooks/${hook.id}/deliveries?limit=1&cursor=${page.body.next_cursor}`,
    );
    expect(next.body.data[0].attempt).toBe(2);
  });

  it("marks the sixth failed attempt exhausted", async () => {
    const r = await receiver((_req, _i, res) => {
      res.statusCode = 503;
      res.end();
    });
    const hook = await endpoint(r.url);
    const libraryId = await emitEvent();
    const list = await waitFor(
      async () => {
        const rows = await deliveries(hook.id);
        return rows[0]?.status === "exhausted" ? rows : null;
      },
      30_000,
      "exhaustion",
    );
    expect(list.map((d) => d.attempt)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(list.slice(1).every((d) => d.status === "failed")).toBe(true);
    expect(about(r, libraryId)).toHaveLength(6);
  });

  it("does not follow redirects and records refused connections", async () => {
    const r = await receiver((_req, index, res) => {
      res.statusCode = index === 0 ? 302 : 204;
      if (index === 0) res.setHeader("Location", "/elsewhere");
      res.end();
    });
    const hook = await endpoint(r.url);
    const libraryId = await emitEvent();
    await waitFor(() => about(r, libraryId).length >= 2);
    const list = await waitFor(async () => {
      const rows = await deliveries(hook.id);
      return rows[0]?.status === "success" ? rows : null;
    });
    expect(list[1]).toMatchObject({
      status: "failed",
      http_status: 302,
      error_code: "redirect_not_followed",
    });
    expect(list[0]).toMatchObject({ status: "success", http_status: 204 });

    const closed = await startReceiver();
    await closed.close();
    const refused = await endpoint(closed.url);
    await emitEvent();
    // Attempt 1 by its number: with the tests' short retry schedule its retry may have failed too by the time
    // the list is read, and the list is newest first.
    const first = await waitFor(async () => {
      const rows = await deliveries(refused.id, "?status=failed");
      return rows.find((row) => row.attempt === 1) ?? null;
    });
    expect(first).toMatchObject({ http_status: null, error_code: "connection_refused", attempt: 1 });
    await api("DELETE", `/v1/webhooks/${refused.id}`);
  });

  it("gives up an attempt after 10 s", async () => {
    const r = await receiver((_req, index, res) => {
      if (index > 0) res.end("late but fine");
    });
    const hook = await endpoint(r.url);
    await emitEvent();
    const list = await waitFor(
      async () => {
        const rows = await deliveries(hook.id);
        return rows[0]?.status === "success" ? rows : null;
      },
      30_000,
      "success after a timeout",
    );
    expect(list[1]).toMatchObject({ status: "failed", error_code: "timeout", http_status: null });
    expect(Number(list[1]!.duration_ms)).toBeGreaterThanOrEqual(9_900);
  });

  it("disables the endpoint at once on 410, parks the rest, and sends it when enabled again", async () => {
    const r = await receiver((_req, _i, res) => {
      res.statusCode = 410;
      res.end("gone");
    });
    const hook = await endpoint(r.url);
    const libraryId = await emitEvent();
    const endpointRow = await waitFor(async () => {
      const row = (await api("GET", `/v1/webhooks/${hook.id}`)).body;
      return row.enabled ? null : row;
    });
    expect(endpointRow).toMatchObject({ status: "disabled", disabled_reason: "gone" });
    const list = await waitFor(async () => {
      const rows = await deliveries(hook.id);
      return rows[0]?.status === "parked" ? rows : null;
    });
    expect(list.map((d) => [d.attempt, d.status, d.http_status])).toEqual([
      [2, "parked", null],
      [1, "failed", 410],
    ]);
    const secondLibrary = await emitEvent();
    await waitFor(
      async () => (await deliveries(hook.id, "?status=parked")).length === 2,
      15_000,
      "second parked",
    );
    expect(about(r, secondLibrary)).toHaveLength(0);

    r.setResponder((_req, _i, res) => res.end("back"));
    const enabled = await api("PATCH", `/v1/webhooks/${hook.id}`, { body: { enabled: true } });
    expect(enabled.body.disabled_reason).toBeNull();
    await waitFor(() => about(r, secondLibrary).length === 1 && about(r, libraryId).length === 2);
    expect(about(r, libraryId)[1]!.headers["service-delivery-attempt"]).toBe("2");
    expect(await deliveries(hook.id, "?status=parked")).toEqual([]);
  });

  it("parks deliveries of a manually disabled endpoint", async () => {
    const r = await receiver();
    const hook = await endpoint(r.url);
    await api("PATCH", `/v1/webhooks/${hook.id}`, { body: { enabled: false } });
    const libraryId = await emitEvent();
    const [parked] = await waitFor(async () => {
      const rows = await deliveries(hook.id, "?status=parked");
      return rows.length ? rows : null;
    });
    expect(parked).toMatchObject({ attempt: 1, origin: "fanout" });
    expect(about(r, libraryId)).toHaveLength(0);
    await api("PATCH", `/v1/webhooks/${hook.id}`, { body: { enabled: true } });
    await waitFor(() => about(r, libraryId).length === 1);
  });

  /** An event delivered to a new endpoint answering with `respond`, then its delivery redelivered. */
  async function deliveredThenRedelivered(respond?: Parameters<typeof receiver>[0]) {
    const r = await receiver(respond);
    const hook = await endpoint(r.url);
    const libraryId = await emitEvent();
    const [original] = await waitFor(async () => {
      const rows = await deliveries(hook.id, "?status=success");
      return rows.length ? rows : null;
    });
    const redelivered = await api("POST", `/v1/webhooks/${hook.id}/deliveries/${original!.id}/redeliver`);
    expect(redelivered.status).toBe(202);
    return { r, hook, libraryId, original: original!, redelivered };
  }

  it("redelivers the same event and body as a new delivery", async () => {
    const { r, hook, libraryId, original, redelivered } = await deliveredThenRedelivered();
    expect(redelivered.body).toMatchObject({
      object: "delivery",
      attempt: 1,
      origin: "redeliver",
      replayed_from_id: original.id,
      event_id: original.event_id,
      status: "pending",
    });
    await waitFor(() => about(r, libraryId).length === 2);
    const [first, second] = about(r, libraryId);
    expect(second!.body.equals(first!.body)).toBe(true);
    expect(second!.headers["service-event-id"]).toBe(first!.headers["service-event-id"]);
    expect(second!.headers["service-delivery-id"]).toBe(redelivered.body.id);
    expect(verifySignature(String(second!.headers["service-signature"]), second!.body, hook.secret)).toBe(
      true,
    );
  });

  it("retries a failed redelivery in its own chain: same event, origin and source", async () => {
    const { r, hook, libraryId, original, redelivered } = await deliveredThenRedelivered(
      (_req, index, res) => {
        res.statusCode = index === 1 ? 500 : 200;
        res.end();
      },
    );
    await waitFor(() => about(r, libraryId).length === 3, 20_000, "the redelivery and its retry");
    const retry = await waitFor(async () =>
      (await deliveries(hook.id)).find((d) => d.attempt === 2 && d.status === "success"),
    );
    expect(retry).toMatchObject({
      status: "success",
      origin: "redeliver",
      replayed_from_id: original.id,
      event_id: original.event_id,
      event_type: "library.created",
    });
    const [, failed, retried] = about(r, libraryId);
    expect(failed!.headers["service-delivery-id"]).toBe(redelivered.body.id);
    expect(retried!.headers["service-delivery-id"]).toBe(retry!.id);
    expect(retried!.headers["service-delivery-attempt"]).toBe("2");
    expect(retried!.body.equals(failed!.body)).toBe(false);
    expect(JSON.parse(retried!.body.toString())).toMatchObject({ id: original.event_id, attempt: 2 });
  });

  it("sends webhook.test to the one endpoint only", async () => {
    const r = await receiver();
    const other = await receiver();
    const hook = await endpoint(r.url);
    await endpoint(other.url, ["*"]);
    const test = await api("POST", `/v1/webhooks/${hook.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({
      object: "delivery",
      event_type: "webhook.test",
      origin: "test",
      attempt: 1,
    });
    const [request] = await waitFor(() => (r.received.length ? r.received : null));
    const body = JSON.parse(request!.body.toString());
    expect(body).toMatchObject({
      id: test.body.event_id,
      type: "webhook.test",
      actor: { type: "api_key" },
      data: { object: "webhook", id: hook.id },
      attempt: 1,
    });
    expect(body.actor.id).toMatch(/^key_/);
    await emitEvent();
    await waitFor(() => other.received.length >= 1);
    expect(other.received.some((q) => q.headers["service-event-type"] === "webhook.test")).toBe(false);
  });

  it("fans out to every subscribed endpoint, `*` included, and to no other", async () => {
    const star = await receiver();
    const files = await receiver();
    await endpoint(star.url, ["*"]);
    await endpoint(files.url, ["file.created"]);
    const libraryId = await emitEvent();
    await waitFor(() => about(star, libraryId).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(files.received).toHaveLength(0);
  });
});

describe("a slow receiver", { timeout: 40_000 }, () => {
  it("holds at most the per-endpoint bound in flight and does not delay other endpoints", async () => {
    const held: Array<() => void> = [];
    const slow = await receiver((_req, _i, res) => {
      held.push(() => res.end("late"));
    });
    const fast = await receiver();
    const slowHook = await endpoint(slow.url);
    for (let i = 0; i < 6; i++) await emitEvent();
    await waitFor(() => slow.received.length >= 4, 15_000, "four requests in flight");
    const fastHook = await endpoint(fast.url);
    const libraryId = await emitEvent();
    await waitFor(() => about(fast, libraryId).length === 1, 5_000, "the fast endpoint's delivery");
    expect(held.length).toBeGreaterThanOrEqual(4);
    expect(slow.received.length).toBe(4);
    for (const release of held.splice(0)) release();
    slow.setResponder((_req, _i, res) => res.end("ok"));
    await waitFor(
      async () => (await deliveries(slowHook.id, "?status=success")).length >= 7,
      15_000,
      "the rest",
    );
    await api("DELETE", `/v1/webhooks/${slowHook.id}`);
    await api("DELETE", `/v1/webhooks/${fastHook.id}`);
  });
});

describe("a busy endpoint", { timeout: 40_000 }, () => {
  /** An endpoint that has answered quickly before: the dispatcher then leases its attempts ahead. */
  async function knownFastEndpoint() {
    const r = await receiver();
    const hook = await endpoint(r.url);
    for (let i = 0; i < 3; i++) await emitEvent();
    await waitFor(() => r.received.length === 3, 10_000, "the first answers");
    return { r, hook };
  }

  it("keeps at most its bound in flight while its other attempts wait their turn, each sent once", async () => {
    const { r, hook } = await knownFastEndpoint();
    let inFlight = 0;
    let most = 0;
    // Nothing is answered until all 30 events are committed: each is sent as soon as it commits, and one at a
    // time they might never fill the bound.
    let allCommitted = false;
    const unanswered: Array<() => void> = [];
    r.setResponder((_req, _i, res) => {
      most = Math.max(most, ++inFlight);
      const answer = () =>
        setTimeout(() => {
          inFlight--;
          res.end("ok");
        }, 30);
      if (allCommitted) answer();
      else unanswered.push(answer);
    });
    const libraries: string[] = [];
    for (let i = 0; i < 30; i++) libraries.push(await emitEvent());
    allCommitted = true;
    for (const answer of unanswered.splice(0)) answer();
    await waitFor(() => libraries.every((id) => about(r, id).length === 1), 20_000, "every event");
    expect(most).toBe(4);
    expect(r.received).toHaveLength(33);
    await waitFor(async () => (await deliveries(hook.id, "?status=success&limit=100")).length === 33);
    await api("DELETE", `/v1/webhooks/${hook.id}`);
  });

  it("sends nothing more after a 410: what waited in the dispatcher's memory is parked", async () => {
    const { r, hook } = await knownFastEndpoint();
    const held: Array<() => void> = [];
    r.setResponder((_req, _i, res) =>
      held.push(() => {
        res.statusCode = 410;
        res.end("gone");
      }),
    );
    for (let i = 0; i < 10; i++) await emitEvent();
    await waitFor(() => held.length === 4, 10_000, "four requests in flight");
    held.shift()!();
    await waitFor(async () => (await api("GET", `/v1/webhooks/${hook.id}`)).body.enabled === false);
    for (const release of held.splice(0)) release();
    // Six first attempts never sent, and the second attempts of the four that got 410.
    await waitFor(
      async () => (await deliveries(hook.id, "?status=parked&limit=100")).length === 10,
      10_000,
      "ten parked",
    );
    expect(r.received).toHaveLength(7);
    await api("DELETE", `/v1/webhooks/${hook.id}`);
  });

  it("sends nothing more once disabled: what waited in the dispatcher's memory is parked", async () => {
    const { r, hook } = await knownFastEndpoint();
    const held: Array<() => void> = [];
    r.setResponder((_req, _i, res) => held.push(() => res.end("late")));
    for (let i = 0; i < 10; i++) await emitEvent();
    await waitFor(() => held.length === 4, 10_000, "four requests in flight");
    await api("PATCH", `/v1/webhooks/${hook.id}`, { body: { enabled: false } });
    // Longer than the dispatcher takes to read the endpoint again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const release of held.splice(0)) release();
    await waitFor(
      async () => (await deliveries(hook.id, "?status=parked&limit=100")).length === 6,
      10_000,
      "six parked",
    );
    expect(r.received).toHaveLength(7);
    expect(await deliveries(hook.id, "?status=success&limit=100")).toHaveLength(7);
    // Parked, they are sent once the endpoint is enabled again.
    r.setResponder((_req, _i, res) => res.end("back"));
    await api("PATCH", `/v1/webhooks/${hook.id}`, { body: { enabled: true } });
    await waitFor(() => r.received.length === 13, 10_000, "the six parked sent");
    expect(await deliveries(hook.id, "?status=parked&limit=100")).toEqual([]);
    await api("DELETE", `/v1/webhooks/${hook.id}`);
  });
});

describe("delivery log", () => {
  it("logs each attempt under the X-Request-Id the receiver got", async () => {
    const lines: string[] = [];
    const logged = await startTestService({
      env: FAST_WEBHOOK_ENV,
      workers: true,
      logStream: { write: (line) => lines.push(line) },
    });
    const target = await receiver();
    try {
      const call = apiClient(
        logged.regionalUrl,
        await logged.createKey(["webhooks:write", "libraries:write"]),
      );
      const hook = (
        await call("POST", "/v1/webhooks", { body: { url: target.url, events: ["library.created"] } })
      ).body;
      await call("POST", "/v1/libraries", { body: { name: "logged" } });
      await waitFor(() => target.received.length === 1);
      const requestId = target.received[0]!.headers["x-request-id"];
      await waitFor(() => lines.some((line) => JSON.parse(line).request_id === requestId));
      const entry = lines.map((line) => JSON.parse(line)).find((line) => line.request_id === requestId);
      expect(entry).toMatchObject({
        msg: "webhook delivery",
        webhook_id: hook.id,
        delivery_id: target.received[0]!.headers["service-delivery-id"],
        event_id: target.received[0]!.headers["service-event-id"],
        attempt: 1,
        http_status: 200,
        error_code: null,
      });
    } finally {
      await logged.close();
    }
  });
});
