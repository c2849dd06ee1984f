import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A load balancer for tests: each request goes to the next upstream in turn. Like nginx's default
 * (`proxy_request_buffering on`), it reads a request's whole body before forwarding it: an upstream that answers
 * early (413 for a body over the limit) and closes would otherwise race the body still being written, and the
 * client would see the balancer's 502 instead of the service's answer. Answers stream back as they come.
 */
export async function startRoundRobinProxy(upstreams: string[]) {
  // A new connection per request: reusing an idle one races its close (Node's default agent drops idle sockets
  // after 5 s), and on a loaded machine a request sent on a socket being closed came back as this balancer's 502.
  const agent = new http.Agent({ keepAlive: false });
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
    const { connection: _hopByHop, ...endToEnd } = incoming.headers;
    const headers = { ...endToEnd, host: target.host };
    if (incoming.headers["transfer-encoding"]) {
      delete headers["transfer-encoding"];
      headers["content-length"] = String(body.length);
    }
    const forwarded = http.request(target, { method: incoming.method, headers, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on("error", (error: NodeJS.ErrnoException) => {
      if (outgoing.headersSent) return outgoing.destroy();
      // Says why, for the test that sees it.
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`balancer: upstream ${index}: ${error.code ?? error.message}`);
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
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
