import { SESSION_COOKIE } from "../cookies.ts";

/** Everything the browser side received: status lines, headers and bodies, for leak assertions. */
export class BrowserRecorder {
  readonly seen: string[] = [];

  record(status: number, headers: Headers, body: string): void {
    this.seen.push(
      `${status}\n${[...headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n${body}`,
    );
  }

  contains(secret: string): boolean {
    return this.seen.some((entry) => entry.includes(secret));
  }
}

export interface BrowserRequest {
  body?: unknown;
  /** Sent as-is instead of JSON. */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  /** The Origin header for mutations; null sends none. Defaults to the dashboard's origin. */
  origin?: string | null;
}

export interface BrowserResponse {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies loosely and assert on them
  body: any;
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A browser stand-in: keeps the session cookie, sends Origin on mutations, records every answer. */
export function browserClient(baseUrl: string, recorder: BrowserRecorder) {
  let session: string | undefined;

  async function call(method: string, path: string, options: BrowserRequest = {}): Promise<BrowserResponse> {
    const headers: Record<string, string> = {};
    if (session) headers.cookie = `${SESSION_COOKIE}=${session}`;
    const origin = options.origin === undefined ? baseUrl : options.origin;
    if (MUTATIONS.has(method) && origin !== null) headers.origin = origin;
    let body: BodyInit | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body,
      redirect: "manual",
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    const text = await response.text();
    recorder.record(response.status, response.headers, text);
    const cookie = response.headers.get("set-cookie");
    const match = cookie && new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(cookie);
    if (match) session = match[1] || undefined;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  return {
    call,
    get sessionId() {
      return session;
    },
    set sessionId(value: string | undefined) {
      session = value;
    },
  };
}
export type BrowserClient = ReturnType<typeof browserClient>;
