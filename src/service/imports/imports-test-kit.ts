import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface SourceServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request path received, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * An HTTP server on loopback standing in for the web server an import downloads from; routes by exact path or
 * by the longest matching prefix ending in `/`. Unknown paths answer 404.
 */
export async function startSourceServer(
  routes: Record<string, Route> = {},
  host = "127.0.0.1",
  port = 0,
): Promise<SourceServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const prefix = Object.keys(routes)
      .filter((key) => key.endsWith("/") && path.startsWith(key))
      .sort((a, b) => b.length - a.length)[0];
    const route = routes[path] ?? (prefix ? routes[prefix] : undefined);
    if (route) route(req, res);
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}`,
    port: bound,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
