import type { z } from "zod";
import type { ErrorBody } from "../../contract/errors.ts";
import type { Operation } from "../../contract/operation.ts";

/** A failed call, carrying the uniform error body of the service (or of the BFF, which answers in the same form). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  readonly requestId: string | null;
  /** Seconds to wait before asking again (429 and 503 answers carry Retry-After). */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: Partial<ErrorBody> | null, retryAfter: string | null = null) {
    super(body?.message ?? `The request failed (HTTP ${status}).`);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code ?? "internal_error";
    this.details = body?.details ?? null;
    this.requestId = body?.request_id ?? null;
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    this.retryAfterSeconds = Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  }

  /** Worth asking again later: rate limited, or the service or the network was briefly unavailable. */
  get transient(): boolean {
    return this.status === 429 || this.status >= 500;
  }

  /** The per-parameter messages of a validation error, if any. */
  get issues(): { param: string; message: string }[] {
    const issues = this.details?.errors;
    return Array.isArray(issues) ? (issues as { param: string; message: string }[]) : [];
  }
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
export type CallInput<Op extends Operation> = {
  params?: InputOf<Op["params"]>;
  query?: InputOf<Op["query"]>;
  body?: InputOf<Op["body"]>;
  /** One user action's key; the BFF adds one to mutations when it is missing. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};
export type Output<Op extends Operation> = z.output<Op["response"]>;

let onUnauthenticated: () => void = () => {};
/** Called when the BFF says the session is gone (expired, logged out elsewhere). */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    search.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function pathOf(op: Operation, params: Record<string, unknown> | undefined): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  return new ApiError(
    response.status,
    body && body.object === "error" ? body : null,
    response.headers.get("retry-after"),
  );
}

/**
 * Sends one operation of the contract to `prefix` + its path (the BFF's `/api`, or the visitors' `/public-api`)
 * and parses the answer with its response schema; a failure is an `ApiError` with the uniform error body.
 */
export async function fetchOperation<Op extends Operation>(
  prefix: string,
  op: Op,
  input: CallInput<Op>,
  init: { headers?: Record<string, string>; credentials: RequestCredentials },
): Promise<Output<Op>> {
  const url = `${prefix}${pathOf(op, input.params as Record<string, unknown>)}${queryString(input.query as Record<string, unknown>)}`;
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  if (input.body !== undefined) headers["content-type"] = "application/json";
  if (input.idempotencyKey) headers["idempotency-key"] = input.idempotencyKey;
  const response = await fetch(url, {
    method: op.method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    credentials: init.credentials,
    signal: input.signal,
  });
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as Output<Op>;
  return op.response.parse(await response.json()) as Output<Op>;
}

/** Calls one operation of the contract through the BFF and parses the answer with its response schema. */
export async function call<Op extends Operation>(op: Op, input: CallInput<Op> = {}): Promise<Output<Op>> {
  try {
    return await fetchOperation("/api", op, input, { credentials: "same-origin" });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code === "unauthorized")
      onUnauthenticated();
    throw error;
  }
}

/**
 * A URL the service signed (thumbnails, previews, content), rewritten to go through the BFF, so that the
 * browser only ever needs to reach the dashboard. URLs of an external store (S3 presigned) stay as they are.
 */
export function viaBff(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname.startsWith("/v1/") ? `/api${parsed.pathname}${parsed.search}` : url;
  } catch {
    return undefined;
  }
}
