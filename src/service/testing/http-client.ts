// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies loosely and assert on them
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/** A thin HTTP client for API tests: real requests over loopback, JSON in and out. */
export function apiClient(baseUrl: string, defaultKey?: string) {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return async function call<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const key = options.key === undefined ? defaultKey : options.key;
    const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}) };
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
}
export type ApiCall = ReturnType<typeof apiClient>;

/** A URL's path and query: what an `apiClient` call takes, for a signed URL the service answered. */
export const pathAndQuery = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};
