import { Agent, request } from "undici";

/**
 * Sends one small authenticated request at a time, `everyMs` apart, while something else runs in the service: how
 * long requests wait behind that work (on PGlite one connection runs one statement at a time, so a long statement
 * holds every request up). `stop` returns each request's time in ms.
 */
export function probeRequests(url: string, headers: Record<string, string>, everyMs = 20) {
  const agent = new Agent({ connections: 1 });
  const times: number[] = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      const res = await request(url, { headers, dispatcher: agent });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`probe ${url}: ${res.statusCode}`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async (): Promise<number[]> => {
      running = false;
      await probing;
      await agent.close();
      return times;
    },
  };
}
