import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { bodyMayBeOmitted } from "../../contract/operation.ts";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { errorBody, toApiError } from "./error-body.ts";
import { ApiError, validationError } from "./errors.ts";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  readIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  type StoredResponse,
} from "./idempotency.ts";
import { inWriteTransaction } from "./retry-transaction.ts";
import type { HandlerContext, RouteDef } from "./route.ts";
import { badlyEncodedParam, parseInput } from "./validation.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** Validates input, runs the handler (in a transaction when it mutates), serializes and answers. */
export async function runRoute(
  def: RouteDef,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ServiceDeps,
) {
  const op = def.operation;
  const headers: Record<string, string> = {};
  const context = (db: Db, input: RequestInput): HandlerContext<typeof op> => ({
    ...input,
    auth: request.auth!,
    db,
    deps,
    requestId: request.id,
    request,
    setHeader: (name, value) => {
      headers[name] = value;
    },
  });

  if (def.options.raw) {
    await def.handler(context(deps.db, parseRequest(def, request)), reply);
    return reply;
  }

  const transactional = def.options.transactional ?? op.method !== "GET";
  const idempotencyScope = op.method === "POST" ? idempotencyScopeOf(request) : null;
  const idempotencyKey = idempotencyScope ? readIdempotencyKey(request.raw.rawHeaders) : null;

  const execute = async (db: Db, input: RequestInput): Promise<StoredResponse> => {
    const result = await def.handler(context(db, input), reply);
    return { statusCode: op.status, body: serialize(def, result, request), headers: { ...headers } };
  };

  if (!idempotencyKey) {
    const input = parseRequest(def, request);
    const response = transactional
      ? await inWriteTransaction({ db: deps.db, deps }, (db) => execute(db, input))
      : await execute(deps.db, input);
    return send(reply, response);
  }

  const keyId = idempotencyScope!;
  // `{}` and no body are one request, as parsing takes them (a client may send either on a retry).
  const fingerprint = requestFingerprint(
    op.method,
    request.url,
    isEmptyObject(request.body) ? undefined : request.body,
  );
  const sealKey = deps.keyring.key("idempotency");
  const claim = await claimIdempotencyKey(
    deps.db,
    keyId,
    idempotencyKey,
    fingerprint,
    sealKey,
    deps.config.idempotencyLeaseMs,
  );
  if (claim.kind === "replay") {
    reply.header("Idempotent-Replayed", "true");
    return send(reply, withRequestId(claim.response, request.id));
  }
  try {
    // Inside the claim: a request refused as invalid is answered the same way when repeated with its key (only
    // 5xx and 429 answers are not stored).
    const input = parseRequest(def, request);
    const completeWith = async (db: Db) => {
      const response = await execute(db, input);
      if (!(await completeIdempotencyKey(db, keyId, idempotencyKey, claim.owner, response, sealKey))) {
        throw new ApiError(
          "idempotency_conflict",
          "Another request took over this Idempotency-Key; retry it.",
        );
      }
      return response;
    };
    const response = transactional
      ? await inWriteTransaction({ db: deps.db, deps }, completeWith)
      : await completeWith(deps.db);
    return send(reply, response);
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status < 500 && apiError.code !== "idempotency_conflict") {
      await completeIdempotencyKey(
        deps.db,
        keyId,
        idempotencyKey,
        claim.owner,
        {
          statusCode: apiError.status,
          body: JSON.stringify(errorBody(apiError, request.id)),
          headers: apiError.headers,
        },
        sealKey,
      );
    } else {
      await releaseIdempotencyKey(deps.db, keyId, idempotencyKey, claim.owner);
    }
    throw error;
  }
}

type RequestInput = Pick<HandlerContext<RouteDef["operation"]>, "params" | "query" | "body">;

/** The request's path parameters, query and body, parsed by the operation's schemas (400 when they fail). */
function parseRequest(def: RouteDef, request: FastifyRequest): RequestInput {
  const op = def.operation;
  const params = op.params ? parseInput(op.params, request.params, "path") : undefined;
  const queryStart = request.url.indexOf("?");
  const badlyEncoded = queryStart < 0 ? null : badlyEncodedParam(request.url.slice(queryStart + 1));
  if (badlyEncoded)
    throw validationError([{ param: badlyEncoded, message: "is not valid percent-encoding" }]);
  const query = parseInput(op.query ?? emptyQuery, request.query ?? {}, "query");
  // An empty object is what many clients send by habit; anything more is a mistake worth reporting. A GET's body
  // is not read at all, so there its headers tell.
  const sentBody =
    request.body !== undefined ? !isEmptyObject(request.body) : op.method === "GET" && announcesBody(request);
  if (!op.body && sentBody) {
    throw new ApiError("validation_error", "This operation takes no request body.", {
      errors: [{ param: "body", message: "must be empty" }],
    });
  }
  const body = op.body
    ? parseInput(op.body, request.body ?? (bodyMayBeOmitted(op.body) ? {} : undefined), "body")
    : undefined;
  return { params, query, body } as RequestInput;
}

/**
 * Whose `Idempotency-Key`s a request's key is one of: its API key's, or for a visitor's POST without a key (an
 * unlock, an anonymous comment) its path's, which names the shared link or transfer by its token, with the
 * visitor's access token (a visitor without it never sees another's stored answer). Hashed: the scope is stored,
 * the tokens are not.
 */
function idempotencyScopeOf(request: FastifyRequest): string | null {
  if (request.auth) return request.auth.key.id;
  const path = request.url.split("?")[0]!;
  const accessToken = String(request.headers["x-access-token"] ?? "");
  return `public:${createHash("sha256").update(path).update("\0").update(accessToken).digest("base64url")}`;
}

const emptyQuery = z.strictObject({});

function serialize(def: RouteDef, result: unknown, request: FastifyRequest): string {
  const parsed = def.operation.response.safeParse(result);
  if (!parsed.success) {
    // A handler drifted from the contract: never send what the contract does not promise.
    request.log.error(
      { issues: parsed.error.issues, operation: def.operation.id },
      "response does not match contract",
    );
    throw new ApiError(
      "internal_error",
      "Something went wrong on our side. The request id identifies it in our logs.",
    );
  }
  return JSON.stringify(parsed.data);
}

/** Whether a request's headers announce a body of one byte or more. */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}

function send(reply: FastifyReply, response: StoredResponse) {
  return reply
    .code(response.statusCode)
    .headers(response.headers)
    .header("content-type", JSON_TYPE)
    .send(response.body);
}

/** A replayed error body names this request, as its `X-Request-Id` does, not the one that stored it. */
function withRequestId(response: StoredResponse, requestId: string): StoredResponse {
  if (response.statusCode < 400) return response;
  const body = JSON.parse(response.body) as { request_id?: string };
  return { ...response, body: JSON.stringify({ ...body, request_id: requestId }) };
}
