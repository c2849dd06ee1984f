import http from "node:http";
import type { AddressInfo } from "node:net";

/** A load balancer for tests: each request goes to the next upstream in turn, streamed both ways. */
export async function startRoundRobinProxy(upstreams: string[]) {
  let next = 0;
  const served = upstreams.map(() => 0);
  const server = http.createServer((incoming, outgoing) => {
    const index = next++ % upstreams.length;
    served[index]!++;
    const target = new URL(incoming.url ?? "/", upstreams[index]);
    const forwarded = http.request(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
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
