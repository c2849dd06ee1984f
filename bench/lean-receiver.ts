import { createServer } from "node:http";

/** What the bench keeps of a request it received. */
export interface Arrival {
  eventId: string;
  webhookId: string;
  at: number;
}

/** The first request received, whole: the raw loop sends it again. */
export interface SampleRequest {
  rawHeaders: string[];
  body: Buffer;
}

/**
 * A loopback receiver that reads each request's body and answers `ok`, keeping only its event id, endpoint id and
 * time (and the first request whole). The tests' receiver keeps every request: 100,000 of them made the garbage
 * collector's work grow through a run, and differ between its two phases.
 */
export async function startLeanReceiver() {
  const arrivals: Arrival[] = [];
  let sample: SampleRequest | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      if (!sample) chunks.push(chunk);
    });
    req.on("end", () => {
      sample ??= { rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) };
      arrivals.push({
        eventId: String(req.headers["service-event-id"]),
        webhookId: String(req.headers["service-webhook-id"]),
        at: Date.now(),
      });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    arrivals,
    sample: () => sample,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type LeanReceiver = Awaited<ReturnType<typeof startLeanReceiver>>;
