import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface CeilingServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The ceiling: a bare node:http server on loopback answering each path with a fixed JSON body. It measures what
 * this machine, Node and the load generator can do at all, so the service's figures can be read as a ratio.
 */
export async function startCeilingServer(bodies: Record<string, string>): Promise<CeilingServer> {
  const server = createServer((request, response) => {
    const body = bodies[request.url ?? ""];
    response.writeHead(body === undefined ? 404 : 200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body ?? ""),
    });
    response.end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
