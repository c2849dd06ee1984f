import type { Operation } from "./operation.ts";

/** The error answers an operation declares explicitly; everything else falls under `default`. */
export const ERROR_RESPONSES = {
  BadRequest: "`validation_error`: a bad parameter or body field, or one the operation does not take.",
  Unauthorized: "`unauthorized`: the API key is missing, malformed, unknown or revoked.",
  Forbidden:
    "`insufficient_scope` (the key lacks the scope) or `forbidden` (the creator's role lacks it; on a shared link, its access level does not allow it).",
  NotFound: "`not_found`: the id is unknown or the key cannot see it; or the path belongs to the other host.",
  Conflict:
    "`conflict`: the item's state does not allow it (in the trash, expired, not ready yet, the active version); or `idempotency_conflict`: a request with the same Idempotency-Key is still in flight.",
  Misdirected: "`misdirected_request`: this host serves another region; `details.host` names the right one.",
  IdempotencyKeyReused: "`idempotency_key_reused`: the Idempotency-Key was used with a different request.",
  RateLimited: "`rate_limited`: a counter is used up; see `Retry-After` and `details`.",
  PasswordRequired:
    "`unauthorized`: the shared link or transfer has a password; unlock it and send `X-Access-Token`.",
  Expired: "`expired`: the shared link or transfer has expired.",
} as const;
export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

export const ERROR_RESPONSE_STATUS: Record<ErrorResponseName, string> = {
  BadRequest: "400",
  Unauthorized: "401",
  Forbidden: "403",
  NotFound: "404",
  Conflict: "409",
  Misdirected: "421",
  IdempotencyKeyReused: "422",
  RateLimited: "429",
  PasswordRequired: "401",
  Expired: "410",
};

const isVisitorPath = (op: Operation) => op.path.startsWith("/v1/public/");

/** Every POST with a key, and a visitor's POST (an unlock, an anonymous comment), takes an Idempotency-Key. */
export const takesIdempotencyKey = (op: Operation) =>
  op.method === "POST" && (op.auth === "key" || isVisitorPath(op));

/** Which of the common error answers an operation can give, from its auth, scope, plane, method and path. */
export function errorResponsesOf(op: Operation): ErrorResponseName[] {
  const withKey = op.auth === "key";
  const idempotent = takesIdempotencyKey(op);
  // A visitor's paths: throttled per visitor; a shared link's or transfer's also behind a password and gone once
  // expired (a published page has neither).
  const visitor = isVisitorPath(op);
  const guarded = /^\/v1\/public\/(shared-links|transfers)\//.test(op.path);
  // A change meets the state of what it changes; a visitor's call that of the link or transfer.
  const stateful = (withKey && op.method !== "GET") || guarded;
  const names: (ErrorResponseName | false)[] = [
    // Every operation rejects query parameters it does not take.
    "BadRequest",
    withKey && "Unauthorized",
    ((withKey && op.scope !== undefined) || guarded) && "Forbidden",
    // A body may name items too (a folder to create in, files to add).
    (op.path.includes("{") || op.plane === "central" || (withKey && op.body !== undefined)) && "NotFound",
    (idempotent || stateful) && "Conflict",
    withKey && op.plane === "regional" && "Misdirected",
    idempotent && "IdempotencyKeyReused",
    (withKey || visitor) && "RateLimited",
    guarded && "PasswordRequired",
    guarded && "Expired",
  ];
  return names.filter((name): name is ErrorResponseName => name !== false);
}

const integerHeader = (description: string) => ({ description, schema: { type: "integer" } });

export const RESPONSE_HEADERS = {
  "X-Request-Id": {
    description: "The request's id, also in error bodies and the service log.",
    schema: { type: "string" },
  },
  "RateLimit-Limit": integerHeader("Limit of the counter with the fewest requests remaining."),
  "RateLimit-Remaining": integerHeader("Requests remaining on that counter."),
  "RateLimit-Reset": integerHeader("Seconds until that counter's window resets."),
  "Idempotent-Replayed": {
    description: "`true` when the answer is a stored one replayed for a repeated Idempotency-Key.",
    schema: { type: "string", const: "true" },
  },
  "Retry-After": integerHeader("Seconds to wait before sending the request again."),
  "WWW-Authenticate": {
    description: "`Bearer` for an API key; `X-Access-Token` for a visitor, whose unlock gives that token.",
    schema: { type: "string" },
  },
};

/** Headers an error answer carries beside `X-Request-Id`. */
export const ERROR_RESPONSE_HEADERS: Partial<Record<ErrorResponseName, (keyof typeof RESPONSE_HEADERS)[]>> = {
  Unauthorized: ["WWW-Authenticate"],
  PasswordRequired: ["WWW-Authenticate"],
  Conflict: ["Retry-After"],
  RateLimited: ["Retry-After"],
};

const headerRef = (name: keyof typeof RESPONSE_HEADERS) => ({ $ref: `#/components/headers/${name}` });

export function successHeadersOf(op: Operation) {
  const names: (keyof typeof RESPONSE_HEADERS)[] = ["X-Request-Id"];
  if (op.auth === "key") names.push("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
  if (takesIdempotencyKey(op)) names.push("Idempotent-Replayed");
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]));
}
