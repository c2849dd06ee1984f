import os from "node:os";
import { Agent, request } from "undici";
import type { Db } from "../src/service/db/client.ts";
import { emit } from "../src/service/platform/outbox.ts";
import { startTestService } from "../src/service/testing/test-service.ts";
import { FAST_WEBHOOK_ENV, startReceiver } from "../src/service/webhooks/webhooks-test-kit.ts";

const UNLIMITED = "sustained=100000000/1m,month=1000000000/1mo";
const ENDPOINTS = 10;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * BENCH_WEBHOOK_EVENTS (default 10,000) events fanned out to 10 endpoints on one loopback receiver: deliveries
 * per second and the delay from commit to arrival, next to a raw undici POST loop to the same receiver with the
 * same concurrency (10 endpoints × 4 in flight) and body size.
 */
async function main() {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
  const receiver = await startReceiver();
  const service = await startTestService({
    workers: true,
    env: { ...FAST_WEBHOOK_ENV, RATE_LIMITS: UNLIMITED },
  });
  try {
    const headers = { authorization: `Bearer ${service.seed.ownerKey}`, "content-type": "application/json" };
    for (let i = 0; i < ENDPOINTS; i++) {
      const res = await fetch(`${service.regionalUrl}/v1/webhooks`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url: `${receiver.url}?endpoint=${i}`, events: ["*"] }),
      });
      if (res.status !== 201) throw new Error(`create webhook: ${res.status} ${await res.text()}`);
    }
    const committedAt = new Map<string, number>();
    const started = Date.now();
    for (let start = 0; start < events; start += 500) {
      const ids = await service.deps.db.transaction(async (tx) => {
        const made: string[] = [];
        for (let i = start; i < Math.min(events, start + 500); i++) {
          const event = await emit(tx as Db, {
            brandspaceId: service.seed.brandspaceId,
            type: "library.updated",
            actor: { type: "system", id: null },
            data: { object: "library", id: `lib_bench_${i}`, name: `Library ${i}` },
          });
          made.push(event.id);
        }
        return made;
      });
      const now = Date.now();
      for (const id of ids) committedAt.set(id, now);
      service.deps.signal.notify("jobs");
    }
    const expected = events * ENDPOINTS;
    while (receiver.received.length < expected) {
      if (Date.now() - started > 30 * 60_000)
        throw new Error(`only ${receiver.received.length} of ${expected} arrived`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    const delays = receiver.received.map(
      (r) => r.at - (committedAt.get(String(r.headers["service-event-id"])) ?? r.at),
    );
    const body = receiver.received[0]!.body;

    receiver.received.length = 0;
    const agent = new Agent({ connections: ENDPOINTS * 4 });
    let sent = 0;
    const rawStart = Date.now();
    const sender = async () => {
      while (sent < expected) {
        sent++;
        const res = await request(receiver.url, {
          method: "POST",
          body,
          headers: { "content-type": "application/json", "content-length": String(body.length) },
          dispatcher: agent,
        });
        await res.body.dump();
      }
    };
    await Promise.all(Array.from({ length: ENDPOINTS * 4 }, sender));
    const rawSeconds = (Date.now() - rawStart) / 1000;
    await agent.close();

    const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)";
    console.log(
      `\n## webhooks: ${events.toLocaleString("en")} events × ${ENDPOINTS} endpoints, ${database}; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      "| Deliveries | Service deliveries/s | Raw undici POSTs/s | Ratio | Delay p50 ms | Delay p99 ms |",
    );
    console.log("| ---: | ---: | ---: | ---: | ---: | ---: |");
    const rate = expected / seconds;
    const rawRate = expected / rawSeconds;
    console.log(
      `| ${expected.toLocaleString("en")} | ${rate.toFixed(0)} | ${rawRate.toFixed(0)} | ${(rate / rawRate).toFixed(3)} | ${percentile(delays, 50)} | ${percentile(delays, 99)} |`,
    );
  } finally {
    await service.close();
    await receiver.close();
  }
}

await main();
