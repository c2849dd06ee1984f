import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../env.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { FAST_WEBHOOK_ENV, type Receiver, startReceiver } from "../webhooks/webhooks-test-kit.ts";

let service: TestService;
const receivers: Receiver[] = [];
/** Every process's metrics, as one scrape of all targets. */
async function scrapeAll() {
  const texts = await Promise.all(
    service.metricsUrls.map(async (url) => (await fetch(`${url}/metrics`)).text()),
  );
  return texts.join("\n");
}

beforeAll(async () => {
  // Loopback webhook endpoints, retried every 100 ms.
  service = await startTestService({ workers: true, metrics: true, env: FAST_WEBHOOK_ENV });
  const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  await owner("GET", "/v1/libraries");
  await owner("GET", "/v1/files/fil_nope");
  const file = await uploadBytes(owner, await solidPng(), {
    name: "m.png",
    library_id: service.seed.libraries.shared,
  });
  await waitUntilProcessed(owner, file.id);
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await service?.close();
});

describe("GET /metrics", () => {
  it("answers Prometheus text with requests by route template and status, jobs, processing, queue and Node", async () => {
    const response = await fetch(`${service.metricsUrls[0]}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    // A job's duration is observed once it has ended, a moment after the file reads ready.
    const text = await vi.waitFor(async () => {
      const scraped = await scrapeAll();
      expect(scraped).toMatch(/brandspace_job_duration_seconds_count\{type="media.process_version"/);
      return scraped;
    });
    expect(text).toMatch(
      /brandspace_http_request_duration_seconds_count\{method="GET",route="\/v1\/libraries",plane="regional",status="200"\} \d+/,
    );
    // Ids never become labels: the template names the route.
    expect(text).toContain('route="/v1/files/{fileId}",plane="regional",status="404"');
    expect(text).not.toContain("fil_nope");
    expect(text).toMatch(
      /brandspace_job_duration_seconds_count\{type="media.process_version",outcome="success"\} \d+/,
    );
    expect(text).toMatch(/brandspace_processing_duration_seconds_count\{kind="image",result="ready"\} \d+/);
    expect(text).toContain("# TYPE brandspace_job_queue_depth gauge");
    expect(text).toContain("# TYPE brandspace_webhook_deliveries_total counter");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts every webhook delivery attempt by its outcome", async () => {
    const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
    const ok = await startReceiver();
    const failing = await startReceiver((_request, _index, res) => {
      res.statusCode = 500;
      res.end("no");
    });
    receivers.push(ok, failing);
    for (const receiver of [ok, failing]) {
      const created = await owner("POST", "/v1/webhooks", {
        body: { url: receiver.url, events: ["library.created"] },
      });
      expect(created.status).toBe(201);
    }
    // Summed over the processes scraped (at scale, either worker may have sent them).
    const counted = (text: string, outcome: string) =>
      [
        ...text.matchAll(
          new RegExp(`brandspace_webhook_deliveries_total\\{outcome="${outcome}"\\} (\\d+)`, "g"),
        ),
      ]
        .map((match) => Number(match[1]))
        .reduce((sum, count) => sum + count, 0);
    const before = await scrapeAll();
    await owner("POST", "/v1/libraries", { body: { name: "Counted" } });
    // One success; the failing endpoint's attempts 1 to 5 fail and its sixth is the last (five retries).
    await vi.waitFor(
      async () => {
        const text = await scrapeAll();
        expect(counted(text, "exhausted") - counted(before, "exhausted")).toBe(1);
        expect(counted(text, "failed") - counted(before, "failed")).toBe(5);
        expect(counted(text, "success") - counted(before, "success")).toBe(1);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it("lives on its own listener: the API does not serve it, and it serves nothing else", async () => {
    expect((await fetch(`${service.regionalUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${service.metricsUrls[0]}/v1/libraries`)).status).toBe(404);
  });

  it("is off unless METRICS_PORT is set", () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ host: "127.0.0.1", port: 9464 });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({
      host: "0.0.0.0",
      port: 9464,
    });
  });
});
