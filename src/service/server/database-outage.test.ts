import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServiceProcess, startServiceProcess } from "./service-process.testing.ts";

// A real process on PostgreSQL reached through a TCP relay that the test cuts and restores: while the database
// cannot be reached, an API request gets 503 `unavailable` with the uniform error body (a client may retry it),
// not a 500; the process survives the outage and serves again once the database is back.
const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Forwards each connection to PostgreSQL; `cut` drops them all and refuses new ones until `restore`, which either
 * forwards again or (`hold`) takes connections and never answers, as a network that drops packets.
 */
async function startRelay(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (hold = false) =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        if (hold) {
          sockets.add(client);
          client.on("error", () => {});
          return;
        }
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", resolve);
    });
  await listen();
  return {
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
    restore: () => listen(),
    hold: () => listen(true),
  };
}

let service: ServiceProcess;
let relay: Awaited<ReturnType<typeof startRelay>>;

beforeAll(async () => {
  if (!serverUrl) return;
  service = await startServiceProcess({
    env: { LOG_LEVEL: "fatal" },
    reachDatabase: async (scratchUrl) => {
      const relayPort = await freePort();
      relay = await startRelay(new URL(scratchUrl), relayPort);
      const relayed = new URL(scratchUrl);
      relayed.hostname = "127.0.0.1";
      relayed.port = String(relayPort);
      return relayed.toString();
    },
  });
}, 90_000);

afterAll(async () => {
  await relay?.cut().catch(() => {});
  await service?.close();
});

const listLibraries = async (withinMs = 10_000) => {
  const response = await fetch(`${service.regionalUrl}/v1/libraries`, {
    headers: { authorization: `Bearer ${service.ownerKey}` },
    signal: AbortSignal.timeout(withinMs),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe.skipIf(!serverUrl)("a database outage", () => {
  it("answers 503 unavailable while the database is unreachable, and serves again once it is back", async () => {
    expect((await listLibraries()).status).toBe(200);

    await relay.cut();
    const during = await listLibraries();
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("1");
    expect(during.body).toMatchObject({
      object: "error",
      status: 503,
      code: "unavailable",
      request_id: during.headers.get("x-request-id"),
    });

    await relay.restore();
    await expect.poll(async () => (await listLibraries()).status, { timeout: 10_000 }).toBe(200);
    expect(service.spawned.child.exitCode).toBeNull();
  }, 60_000);

  it("answers 503 within the connect timeout when the database takes connections and never answers", async () => {
    await relay.cut();
    await relay.hold();
    const started = Date.now();
    const during = await listLibraries(15_000);
    expect(during.status).toBe(503);
    expect(during.body.code).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(14_000);
    await relay.cut();
    await relay.restore();
    await expect.poll(async () => (await listLibraries()).status, { timeout: 15_000 }).toBe(200);
  }, 60_000);
});
