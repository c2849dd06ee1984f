import { createHmac } from "node:crypto";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../service/testing/http-client.ts";
import { startTestService, type TestService } from "../../service/testing/test-service.ts";
import { DASHBOARD_RECEIVER_DESCRIPTION as RECEIVER_DESCRIPTION } from "../../shared/dashboard-receiver.ts";
import { SESSION_COOKIE } from "../cookies.ts";
import { type BffUnderTest, startBffUnderTest } from "../testing/bff-under-test.ts";
import { readReceiverState } from "./receiver-state.ts";

let service: TestService;
let dashboard: BffUnderTest;
const PASSWORD = "live live live";

/** The service allow-lists exactly the dashboard's receiver address, as `npm start` does; no other loopback. */
const allowReceiver = (receiverUrl: string) => {
  service.deps.config.webhookAllowHosts.push(new URL(receiverUrl).host);
};

async function startDashboard(dataDir?: string) {
  return startBffUnderTest({
    centralUrl: service.centralUrl,
    apiKey: service.seed.ownerKey,
    password: PASSWORD,
    env: { DASHBOARD_LIVE_UPDATES: "1" },
    onListening: allowReceiver,
    ...(dataDir ? { dataDir } : {}),
  });
}

async function until<T>(probe: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function loggedInCookie(bff: BffUnderTest): Promise<string> {
  const browser = bff.browser();
  const login = await browser.call("POST", "/api/session", { body: { password: PASSWORD } });
  expect(login.status).toBe(201);
  return `${SESSION_COOKIE}=${browser.sessionId}`;
}

/** An open `/api/live` stream; `frames` grows as events arrive. */
async function openStream(bff: BffUnderTest, cookie: string) {
  const abort = new AbortController();
  const response = await request(`${bff.url}/api/live`, { headers: { cookie }, signal: abort.signal });
  const frames: string[] = [];
  let buffered = "";
  response.body.setEncoding("utf8");
  response.body.on("data", (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split("\n\n");
    buffered = parts.pop()!;
    frames.push(...parts);
  });
  response.body.on("error", () => {});
  const changes = () =>
    frames
      .filter((frame) => frame.includes("event: change"))
      .map((frame) =>
        JSON.parse(
          frame
            .split("\n")
            .find((line) => line.startsWith("data: "))!
            .slice(6),
        ),
      );
  return { response, frames, changes, close: () => abort.abort() };
}

function signedPost(bff: BffUnderTest, body: string, headers: Record<string, string>) {
  return request(`${bff.url}/api/webhook-receiver`, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body,
  });
}

const sign = (secret: string, t: number, body: string) =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

beforeAll(async () => {
  service = await startTestService({
    workers: true,
    env: { WEBHOOK_RETRY_SCHEDULE: "100ms,100ms,100ms,100ms,100ms" },
  });
  dashboard = await startDashboard();
}, 60_000);

afterAll(async () => {
  await dashboard?.close();
  await service?.close();
});

describe("the dashboard as a receiver of the service's webhooks", () => {
  it("registers nothing until a logged-in dashboard opens its live stream", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
    const before = await owner("GET", "/v1/webhooks?limit=100");
    expect(
      before.body.data.filter((w: { description: string }) => w.description === RECEIVER_DESCRIPTION),
    ).toEqual([]);
    expect(await readReceiverState(dashboard.dataDir)).toBeNull();
    const stream = await openStream(dashboard, await loggedInCookie(dashboard));
    await until(() => dashboard.liveFeed.receiver);
    stream.close();
  });

  it("registers one endpoint for every event at its own address and keeps its secret to itself", async () => {
    const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
    const list = await owner("GET", "/v1/webhooks?limit=100");
    const ours = list.body.data.filter(
      (w: { description: string }) => w.description === RECEIVER_DESCRIPTION,
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      url: `${dashboard.url}/api/webhook-receiver`,
      events: ["*"],
      status: "enabled",
    });
    const state = await readReceiverState(dashboard.dataDir);
    expect(state?.webhook_id).toBe(ours[0].id);
  });

  it("pushes each change to open dashboards over Server-Sent Events, once per event", async () => {
    const stream = await openStream(dashboard, await loggedInCookie(dashboard));
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers["content-type"]).toMatch(/^text\/event-stream/);
    const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
    const folder = await owner("POST", "/v1/folders", {
      body: { name: "Live folder", library_id: service.seed.libraries.shared },
    });
    const created = await until(() =>
      stream.changes().find((c) => c.type === "folder.created" && c.data.id === folder.body.id),
    );
    expect(created).toMatchObject({ type: "folder.created", data: { name: "Live folder" } });
    expect(created.id).toMatch(/^evt_/);

    // A redelivery of the same event reaches the receiver again but open dashboards hear of it once.
    const webhookId = (await readReceiverState(dashboard.dataDir))!.webhook_id;
    const deliveries = await owner("GET", `/v1/webhooks/${webhookId}/deliveries?limit=100`);
    const delivery = deliveries.body.data.find((d: { event_id: string }) => d.event_id === created.id);
    const redelivered = await owner("POST", `/v1/webhooks/${webhookId}/deliveries/${delivery.id}/redeliver`, {
      body: {},
    });
    expect(redelivered.status).toBeLessThan(300);
    await until(async () => {
      const page = await owner("GET", `/v1/webhooks/${webhookId}/deliveries?limit=100`);
      return (
        page.body.data.filter(
          (d: { event_id: string; status: string }) => d.event_id === created.id && d.status === "success",
        ).length >= 2
      );
    });
    expect(stream.changes().filter((c) => c.id === created.id)).toHaveLength(1);
    stream.close();
  });

  it("refuses unsigned, wrongly signed, stale and foreign posts, and takes a correctly signed one", async () => {
    const state = (await readReceiverState(dashboard.dataDir))!;
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: "evt_handmade",
      object: "event",
      type: "file.updated",
      occurred_at: new Date().toISOString(),
      data: { object: "file", id: "fil_x", name: "x" },
    });
    const ours = { "service-webhook-id": state.webhook_id };
    const cases: [string, Record<string, string>][] = [
      ["unsigned", ours],
      ["wrong secret", { ...ours, "service-signature": sign("whsec_not_ours", now, body) }],
      ["stale", { ...ours, "service-signature": sign(state.secret, now - 301, body) }],
      ["malformed", { ...ours, "service-signature": "v1=zz" }],
      [
        "another endpoint",
        { "service-webhook-id": "whk_other", "service-signature": sign(state.secret, now, body) },
      ],
    ];
    for (const [label, headers] of cases) {
      const refused = await signedPost(dashboard, body, headers);
      const answer = (await refused.body.json()) as { code: string };
      expect({ label, status: refused.statusCode, code: answer.code }).toEqual({
        label,
        status: 401,
        code: "unauthorized",
      });
    }
    // The body is checked as sent: one changed byte after signing is refused.
    const tampered = await signedPost(dashboard, body.replace("x", "y"), {
      ...ours,
      "service-signature": sign(state.secret, now, body),
    });
    expect(tampered.statusCode).toBe(401);
    await tampered.body.dump();

    const accepted = await signedPost(dashboard, body, {
      ...ours,
      "service-signature": sign(state.secret, now, body),
    });
    expect(accepted.statusCode).toBe(204);
    await accepted.body.dump();
  });

  it("streams only to a logged-in session", async () => {
    const anonymous = await request(`${dashboard.url}/api/live`);
    expect(anonymous.statusCode).toBe(401);
    expect(((await anonymous.body.json()) as { code: string }).code).toBe("unauthorized");
  });

  it("reuses its endpoint after a restart on the same data directory, following a new address", async () => {
    const before = (await readReceiverState(dashboard.dataDir))!;
    const dataDir = dashboard.dataDir;
    dashboard.liveFeed.stop();
    const restarted = await startDashboard(dataDir);
    try {
      await until(async () => {
        const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
        const webhook = await owner("GET", `/v1/webhooks/${before.webhook_id}`);
        return webhook.body.url === `${restarted.url}/api/webhook-receiver` ? webhook : null;
      });
      expect(await readReceiverState(dataDir)).toEqual(before);
      const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
      const list = await owner("GET", "/v1/webhooks?limit=100");
      expect(
        list.body.data.filter((w: { description: string }) => w.description === RECEIVER_DESCRIPTION),
      ).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});

describe("the service's webhook allow-list", () => {
  it("admits the dashboard's own address and no other loopback address", async () => {
    const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
    const port = Number(new URL(dashboard.url).port);
    const other = await owner("POST", "/v1/webhooks", {
      body: { url: `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}/hook`, events: ["*"] },
    });
    expect(other.status).toBe(400);
    const byName = await owner("POST", "/v1/webhooks", {
      body: { url: `http://localhost:${port}/api/webhook-receiver`, events: ["*"] },
    });
    expect(byName.status).toBe(400);
  });
});
