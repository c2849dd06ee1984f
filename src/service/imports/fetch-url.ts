import type { Readable } from "node:stream";
import { Agent, type Dispatcher, errors, request } from "undici";
import type { ImportErrorCode } from "../../contract/imports.ts";
import { IMPORT_LIMITS } from "../../contract/imports.ts";
import { connectGuard, HostDoesNotResolveError, UrlNotAllowedError } from "../platform/ssrf.ts";

/** Why an import stops, with the code its record shows. */
export class ImportFailure extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The connections of imports: every address a host resolves to is checked (loopback, private, link-local,
 * multicast, unspecified and metadata addresses refused) before connecting, and the connection goes to the checked
 * address. `allowHosts` (`host:port`, tests only) lifts the rules for exactly those.
 */
export function importAgent(allowHosts: string[], stallMs: number): Agent {
  return new Agent({
    connect: connectGuard({ allowLoopback: false, allowHosts }),
    headersTimeout: stallMs,
    bodyTimeout: stallMs,
  });
}

export interface OpenedUrl {
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: Readable & Dispatcher.ResponseData["body"];
}

/**
 * Stops reading an answer's body and drops its connection. undici's body reports its destruction as an `error`
 * event (`RequestAbortedError`) once the whole body has arrived: without a listener that would end the process.
 */
export function abandonBody(body: Readable) {
  body.on("error", () => {});
  body.destroy();
}

/** What a failed request means for the import. */
export function failureOf(error: unknown): ImportFailure {
  if (error instanceof ImportFailure) return error;
  if (error instanceof HostDoesNotResolveError)
    return new ImportFailure("connection_failed", (error as Error).message);
  if (error instanceof UrlNotAllowedError) return new ImportFailure("url_not_allowed", error.message);
  const cause = (error as { cause?: unknown })?.cause;
  if (cause && cause !== error) {
    const inner = failureOf(cause);
    if (inner.code !== "connection_failed" || cause instanceof HostDoesNotResolveError) return inner;
  }
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError)
    return new ImportFailure("timeout", "The server stopped sending.");
  if (
    error instanceof errors.RequestContentLengthMismatchError ||
    error instanceof errors.ResponseContentLengthMismatchError
  )
    return new ImportFailure(
      "truncated",
      "The server closed the connection before sending everything it announced.",
    );
  if (error instanceof errors.SocketError || (error as { code?: string })?.code === "UND_ERR_SOCKET")
    return new ImportFailure("truncated", "The connection closed before the download finished.");
  return new ImportFailure(
    "connection_failed",
    `The server could not be reached: ${(error as Error)?.message ?? error}`,
  );
}

/**
 * GETs the URL, following at most 5 redirects by hand so that each hop's scheme and addresses are checked like
 * the first. Answers other than 2xx fail with `http_error`.
 */
export async function openUrl(agent: Agent, start: URL, signal?: AbortSignal): Promise<OpenedUrl> {
  let url = start;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new ImportFailure(
        "url_not_allowed",
        `A redirect led to ${url.protocol}, which is not http or https.`,
      );
    if (url.username || url.password)
      throw new ImportFailure("url_not_allowed", "URLs with credentials are not fetched.");
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        dispatcher: agent,
        method: "GET",
        signal,
        headers: { "user-agent": "Brandspace-Import/1.0", accept: "*/*", "accept-encoding": "identity" },
      });
    } catch (error) {
      throw failureOf(error);
    }
    const { statusCode, headers } = response;
    if (statusCode >= 300 && statusCode < 400 && typeof headers.location === "string") {
      await response.body.dump();
      if (hop + 1 > IMPORT_LIMITS.maxRedirects)
        throw new ImportFailure("too_many_redirects", `More than ${IMPORT_LIMITS.maxRedirects} redirects.`);
      try {
        url = new URL(headers.location, url);
      } catch {
        throw new ImportFailure("http_error", "The server redirected to something that is not a URL.");
      }
      continue;
    }
    if (statusCode < 200 || statusCode >= 300) {
      await response.body.dump().catch(() => {});
      throw new ImportFailure("http_error", `The server answered HTTP ${statusCode}.`);
    }
    return { url, headers, body: response.body as OpenedUrl["body"] };
  }
}
