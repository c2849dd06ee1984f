import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Delivery, DeliveryRequest, Replay, WebhookHealth } from "../../contract/webhooks.ts";
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
let r: Receiver;
let hook: { id: string; secret: string; url: string };

beforeAll(async () => {
  service = await startTestService({ env: FAST_WEBHOOK_ENV, workers: true });
  api = apiClient(service.regionalUrl, await service.createKey(["webhooks:write", "libraries:write"]));
  // Events about libraries named "bad …" fail every attempt.
  r = await startReceiver((request, _i, res) => {
    res.statusCode = JSON.parse(request.body.toString()).data?.name?.startsWith("bad") ? 500 : 200;
    res.end();
  });
  hook = (await api("POST", "/v1/webhooks", { body: { url: r.url, events: ["library.created"] } })).body;
});
afterAll(async () => {
  await r?.close();
  await service?.close();
});

async function deliveriesOf(query = "") {
  return (await api("GET", `/v1/webhooks/${hook.id}/deliveries${query}`)).body.data as Delivery[];
}

describe("delivery details (additive: attempts, request, health, replays list)", { timeout: 60_000 }, () => {
  it("shows the request of an attempt exactly as the receiver got it, headers and signature included", async () => {
    await api("POST", "/v1/libraries", { body: { name: "good request" } });
    const delivery = await waitFor(async () =>
      (await deliveriesOf("?status=success")).find((d) => d.event_type === "library.created"),
    );
    const res = await api("GET", `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/request`);
    expect(res.status).toBe(200);
    const request = DeliveryRequest.parse(res.body);
    const got = r.received.find((q) => q.headers["service-delivery-id"] === delivery.id)!;
    expect(request).toMatchObject({
      object: "delivery_request",
      delivery_id: delivery.id,
      method: "POST",
      sent: true,
    });
    expect(request.url).toBe(r.url);
    expect(request.body).toBe(got.body.toString("utf8"));
    for (const [name, value] of Object.entries(request.headers)) {
      expect({ name, value }).toEqual({ name, value: got.headers[name.toLowerCase()] });
    }
    expect(
      verifySignature(request.headers["Service-Signature"]!, Buffer.from(request.body), hook.secret),
    ).toBe(true);
  });

  it("lists an attempt chain in order: every retry of a failing delivery, from any of its attempts", async () => {
    await api("POST", "/v1/libraries", { body: { name: "bad chain" } });
    const exhausted = await waitFor(
      async () => (await deliveriesOf("?status=exhausted")).find((d) => d.event_type === "library.created"),
      30_000,
      "exhaustion",
    );
    const res = await api("GET", `/v1/webhooks/${hook.id}/deliveries/${exhausted.id}/attempts`);
    expect(res.status).toBe(200);
    const attempts = res.body.data.map((d: unknown) => Delivery.parse(d));
    expect(attempts.map((d: Delivery) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(attempts.map((d: Delivery) => d.status)).toEqual([
      "failed",
      "failed",
      "failed",
      "failed",
      "failed",
      "exhausted",
    ]);
    expect(new Set(attempts.map((d: Delivery) => d.event_id)).size).toBe(1);
    expect(res.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    const fromFirst = await api("GET", `/v1/webhooks/${hook.id}/deliveries/${attempts[0].id}/attempts`);
    expect(fromFirst.body.data.map((d: Delivery) => d.id)).toEqual(attempts.map((d: Delivery) => d.id));
    // Each attempt's request carries its own attempt number in the body and the header.
    const third = DeliveryRequest.parse(
      (await api("GET", `/v1/webhooks/${hook.id}/deliveries/${attempts[2].id}/request`)).body,
    );
    expect(JSON.parse(third.body).attempt).toBe(3);
    expect(third.headers["Service-Delivery-Attempt"]).toBe("3");
  });

  it("sums up the last 24 hours per hour, with the success rate and the latest answered attempt", async () => {
    const res = await api("GET", `/v1/webhooks/${hook.id}/health`);
    expect(res.status).toBe(200);
    const health = WebhookHealth.parse(res.body);
    expect(health.hours).toHaveLength(24);
    expect(health.hours.at(-1)!.start).toBe(
      new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString(),
    );
    // One success (the good library) and six failed attempts (the bad one).
    expect(health).toMatchObject({ webhook_id: hook.id, succeeded: 1, failed: 6, attempts: 7 });
    expect(health.success_rate).toBeCloseTo(1 / 7, 5);
    expect(health.hours.reduce((sum, h) => sum + h.succeeded + h.failed, 0)).toBe(7);
    expect(health.last_delivery).toMatchObject({ status: "exhausted", attempt: 6 });

    const fresh = (await api("POST", "/v1/webhooks", { body: { url: r.url, events: ["*"] } })).body;
    const empty = WebhookHealth.parse((await api("GET", `/v1/webhooks/${fresh.id}/health`)).body);
    expect(empty).toMatchObject({ attempts: 0, success_rate: null, last_delivery: null, pending: 0 });
    await api("DELETE", `/v1/webhooks/${fresh.id}`);
  });

  it("lists an endpoint's replays newest first, paginated", async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const first = (await api("POST", `/v1/webhooks/${hook.id}/replays`, { body: { since } })).body;
    const second = (
      await api("POST", `/v1/webhooks/${hook.id}/replays`, { body: { since, only_failed: true } })
    ).body;
    const page = await api("GET", `/v1/webhooks/${hook.id}/replays?limit=1`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((x: unknown) => Replay.parse(x).id)).toEqual([second.id]);
    expect(page.body.has_more).toBe(true);
    const next = await api("GET", `/v1/webhooks/${hook.id}/replays?limit=1&cursor=${page.body.next_cursor}`);
    expect(next.body.data.map((x: Replay) => x.id)).toEqual([first.id]);
    await waitFor(async () => {
      const all = (await api("GET", `/v1/webhooks/${hook.id}/replays`)).body.data as Replay[];
      return all.every((x) => x.status === "completed");
    });
  });

  it("answers 404 for another endpoint's delivery, an unknown one, and needs webhooks:read", async () => {
    const other = (await api("POST", "/v1/webhooks", { body: { url: r.url, events: ["*"] } })).body;
    const [delivery] = await deliveriesOf();
    for (const tail of ["attempts", "request"]) {
      const foreign = await api("GET", `/v1/webhooks/${other.id}/deliveries/${delivery!.id}/${tail}`);
      expect(foreign.status).toBe(404);
      const unknown = await api("GET", `/v1/webhooks/${hook.id}/deliveries/dlv_unknown/${tail}`);
      expect(unknown.status).toBe(404);
    }
    expect((await api("GET", "/v1/webhooks/whk_unknown/health")).status).toBe(404);
    expect((await api("GET", "/v1/webhooks/whk_unknown/replays")).status).toBe(404);
    const reader = apiClient(service.regionalUrl, await service.createKey(["files:read"]));
    for (const path of [
      `/v1/webhooks/${hook.id}/health`,
      `/v1/webhooks/${hook.id}/replays`,
      `/v1/webhooks/${hook.id}/deliveries/${delivery!.id}/attempts`,
      `/v1/webhooks/${hook.id}/deliveries/${delivery!.id}/request`,
    ]) {
      const refused = await reader("GET", path);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: "insufficient_scope",
        details: { required_scope: "webhooks:read" },
      });
    }
    await api("DELETE", `/v1/webhooks/${other.id}`);
  });
});
