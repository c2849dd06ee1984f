import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A load balancer for tests: each request goes to the next upstream in turn. Like nginx's default
 * (`proxy_request_buffering on`), it reads a request's whole body before forwarding it: an upstream that answers
 * early (413 for a body over the limit) and closes would otherwise race the body still being written, and the
 * client would see the balancer's 502 instead of the service's answer. Answers stream back as they come.
 */
export async function startRoundRobinProxy(upstreams: string[]) {
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
    const headers = { ...incoming.headers, host: target.host };
    if (incoming.headers["transfer-encoding"]) {
      delete headers["transfer-encoding"];
      headers["content-length"] = String(body.length);
    }
    const forwarded = http.request(target, { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    forwarded.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many requests each upstream received. */
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
