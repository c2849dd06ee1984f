import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeliveryAgent, sendDelivery } from "./send-delivery.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
let handle: Handler = (_req, res) => res.end("ok");
const connections = new Set<string>();
const agent = createDeliveryAgent({ allowLoopback: true });
const never = new AbortController().signal;
const body = Buffer.from('{"hello":"world"}');

beforeAll(async () => {
  server = createServer((req, res) => {
    connections.add(`${req.socket.remotePort}`);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = (path = "/hook?x=1", shutdown = never) =>
  sendDelivery(
    agent,
    { url: `${base}${path}`, headers: { "content-type": "application/json" }, body },
    shutdown,
  );

describe("sendDelivery", () => {
  it("posts the exact bytes to the path and query, and keeps the connection after a long answer", async () => {
    const seen: { url?: string; length?: string; body: string }[] = [];
    handle = (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        seen.push({
          url: req.url,
          length: req.headers["content-length"],
          body: Buffer.concat(chunks).toString(),
        });
        res.end(seen.length === 2 ? "z".repeat(3000) : "thanks");
      });
    };
    connections.clear();
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      outcomes.push(await send());
      // The connection is given back to the agent's pool once the answer has been read.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(outcomes[0]).toMatchObject({
      ok: true,
      httpStatus: 200,
      errorCode: null,
      responseExcerpt: "thanks",
    });
    expect(outcomes[1]!.responseExcerpt).toBe("z".repeat(1024));
    expect(outcomes[2]!.ok).toBe(true);
    expect(seen[0]).toEqual({ url: "/hook?x=1", length: String(body.length), body: body.toString() });
    expect(connections.size).toBe(1);
  });

  it("keeps the first KiB of a long answer, NUL bytes replaced", async () => {
    handle = (_req, res) => {
      res.statusCode = 500;
      res.end(`a\0${"x".repeat(5000)}`);
    };
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: false, httpStatus: 500, errorCode: "http_error" });
    expect(outcome.responseExcerpt).toHaveLength(1024);
    expect(outcome.responseExcerpt!.startsWith("a\uFFFDx")).toBe(true);
  });

  it("drops an answer that goes on and on, with its excerpt", async () => {
    handle = (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "y".repeat(16 * 1024);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on("close", () => clearInterval(timer));
    };
    const started = Date.now();
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: true, httpStatus: 200, errorCode: null });
    expect(outcome.responseExcerpt).toBe("y".repeat(1024));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("names a redirect, a 410, a refused connection and a URL it cannot read", async () => {
    handle = (req, res) => {
      res.writeHead(req.url === "/gone" ? 410 : 302, { location: "/elsewhere" });
      res.end();
    };
    expect(await send("/moved")).toMatchObject({ httpStatus: 302, errorCode: "redirect_not_followed" });
    expect(await send("/gone")).toMatchObject({ httpStatus: 410, errorCode: "gone" });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await sendDelivery(agent, { url: `http://127.0.0.1:${port}/`, headers: {}, body }, never);
    expect(refused).toMatchObject({ ok: false, httpStatus: null, errorCode: "connection_refused" });
    const unreadable = await sendDelivery(agent, { url: "not a url", headers: {}, body }, never);
    expect(unreadable).toMatchObject({ ok: false, errorCode: "network_error", interrupted: false });
  });

  it("refuses an address the policy does not allow", async () => {
    const strict = createDeliveryAgent({ allowLoopback: false });
    const outcome = await sendDelivery(strict, { url: `${base}/hook`, headers: {}, body }, never);
    expect(outcome).toMatchObject({ ok: false, errorCode: "url_not_allowed" });
    await strict.close();
  });

  it("stops an attempt when the sender shuts down, as interrupted", async () => {
    const held: ServerResponse[] = [];
    handle = (_req, res) => held.push(res);
    const shutdown = new AbortController();
    const pending = [send("/a", shutdown.signal), send("/b", shutdown.signal)];
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    shutdown.abort();
    for (const outcome of await Promise.all(pending)) {
      expect(outcome).toMatchObject({ ok: false, httpStatus: null, interrupted: true });
    }
    expect(await send("/c", shutdown.signal)).toMatchObject({ ok: false, interrupted: true });
    for (const res of held) res.destroy();
  });
});
