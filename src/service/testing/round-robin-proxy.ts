import http from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream/promises";
import { Agent, request } from "undici";

/**
 * A load balancer for tests: each request goes to the next upstream in turn. Like nginx's default
 * (`proxy_request_buffering on`), it reads a request's whole body before forwarding it: an upstream that answers
 * early (413 for a body over the limit) and closes would otherwise race the body still being written, and the
 * client would see the balancer's 502 instead of the service's answer. Answers stream back as they come.
 *
 * Forwarded with undici, which reads an answer that comes while the body is still being written (node:http's
 * client reports the upstream's close as EPIPE instead, and the answer is lost: a refused 8 MiB part came back as
 * this balancer's 502).
 */
export async function startRoundRobinProxy(upstreams: string[]) {
  // Connections are kept alive: the service reads and drops the rest of a body it refuses only on a connection that
  // stays open (on one the client asked to close, Node closes it right after the answer). undici reuses an idle
  // connection only well within the service's keep-alive timeout, which it reads from the answer.
  const agent = new Agent();
  let next = 0;
  const served = upstreams.map(() => 0);
  const server = http.createServer(async (incoming, outgoing) => {
    const index = next++ % upstreams.length;
    served[index]!++;
    const target = new URL(incoming.url ?? "/", upstreams[index]);
    let body: Buffer;
    try {
      body = await readAll(incoming);
    } catch {
      outgoing.destroy();
      return;
    }
    const headers = endToEnd(incoming.headers);
    headers.host = target.host;
    if (incoming.headers["transfer-encoding"]) headers["content-length"] = String(body.length);
    try {
      const answer = await request(target, {
        method: incoming.method as "GET",
        headers,
        body: body.length > 0 ? body : undefined,
        dispatcher: agent,
      });
      outgoing.writeHead(answer.statusCode, endToEnd(answer.headers));
      await pipeline(answer.body, outgoing);
    } catch (error) {
      if (outgoing.headersSent) return void outgoing.destroy();
      // Says why, for the test that sees it.
      const code = (error as NodeJS.ErrnoException).code;
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`balancer: upstream ${index}: ${code ?? (error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many requests each upstream received. */
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        void agent.destroy();
        server.close(() => resolve());
      }),
  };
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "expect"]);

/** The headers meant for the other end, not for this hop. */
function endToEnd(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
