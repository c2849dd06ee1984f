import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "./service-process.testing.ts";

// SIGTERM on a real process: readiness turns 503 `draining` at once, a request in flight still completes, then
// the process exits 0. (That running jobs go back to the queue is proven in jobs/job-runner.test.ts.)
let service: ServiceProcess;

beforeAll(async () => {
  service = await startServiceProcess({ env: { SHUTDOWN_DRAIN_DELAY: "1500ms" } });
}, 90_000);

afterAll(() => service?.close());

const health = (probe = "ready") =>
  fetch(`${service.regionalUrl}/v1/health?probe=${probe}`).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { status: string; probe: string },
  }));

describe("graceful stop", () => {
  it("drains: readiness 503 draining, liveness 200, the request in flight completes, exit 0", async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: "ok", probe: "ready" } });

    const body = JSON.stringify({ name: "Created while stopping" });
    const socket = net.connect(service.regionalPort, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.on("close", resolve));
    await new Promise((resolve) => socket.on("connect", resolve));
    socket.write(
      `POST /v1/libraries HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${service.ownerKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
        body.slice(0, 4),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    service.spawned.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await health()).toMatchObject({ status: 503, body: { status: "draining" } });
    expect(await health("live")).toMatchObject({ status: 200, body: { status: "ok", probe: "live" } });

    socket.write(body.slice(4));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"name":"Created while stopping"');
    expect((await service.spawned.exited).exitCode).toBe(0);
  }, 60_000);
});
