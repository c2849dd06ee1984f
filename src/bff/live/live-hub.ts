import type { ServerResponse } from "node:http";

/** What open dashboards are told of one change: the event's type and its minimal snapshot. */
export interface LiveChange {
  id: string;
  type: string;
  occurred_at: string;
  data: unknown;
}

const HEARTBEAT_MS = 20_000;
/** Redeliveries and replays resend an event id already seen; open dashboards hear of it once. */
const REMEMBERED_EVENT_IDS = 2_000;
/** How long a browser waits before reconnecting after the stream drops (the EventSource `retry`). */
const RECONNECT_AFTER_MS = 2_000;

interface Listener {
  response: ServerResponse;
  stillAllowed: () => boolean;
}

/** The Server-Sent Events streams of open dashboards, and the changes they are sent. */
export class LiveHub {
  readonly #listeners = new Set<Listener>();
  readonly #seen = new Set<string>();
  #heartbeat: NodeJS.Timeout | null = null;

  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** Starts an event stream on the response; it ends when the browser goes or its session does. */
  attach(response: ServerResponse, stillAllowed: () => boolean): void {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      // Proxies such as nginx would otherwise hold the stream back.
      "x-accel-buffering": "no",
    });
    response.write(`retry: ${RECONNECT_AFTER_MS}\n: connected\n\n`);
    const listener = { response, stillAllowed };
    this.#listeners.add(listener);
    response.on("close", () => this.#listeners.delete(listener));
    this.#heartbeat ??= setInterval(() => this.#beat(), HEARTBEAT_MS).unref();
  }

  publish(change: LiveChange): void {
    if (this.#seen.has(change.id)) return;
    this.#seen.add(change.id);
    if (this.#seen.size > REMEMBERED_EVENT_IDS) this.#seen.delete(this.#seen.values().next().value!);
    const frame = `id: ${change.id}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;
    for (const listener of this.#listeners) listener.response.write(frame);
  }

  /** Ends every stream (the server is stopping); browsers reconnect to whichever server comes next. */
  closeAll(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    for (const listener of this.#listeners) listener.response.end();
    this.#listeners.clear();
  }

  #beat(): void {
    for (const listener of this.#listeners) {
      if (listener.stillAllowed()) listener.response.write("event: ping\ndata: {}\n\n");
      else listener.response.end();
    }
  }
}
