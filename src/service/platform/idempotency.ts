import { createHash, randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { ApiError, validationError } from "./errors.ts";
import { openSecret, sealSecret } from "./secret-box.ts";

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export interface StoredResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

export type Claim = { kind: "owner"; owner: string } | { kind: "replay"; response: StoredResponse };

/**
 * The request's `Idempotency-Key`, read from its raw headers: Node joins repeated headers with a comma, which would
 * make two keys one that neither of them is; several are refused, as several Authorization headers are.
 */
export function readIdempotencyKey(rawHeaders: string[]): string | null {
  let value: string | null = null;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() !== "idempotency-key") continue;
    if (value !== null) {
      throw validationError([{ param: "Idempotency-Key", message: "is repeated: send one" }]);
    }
    value = rawHeaders[i + 1]!;
  }
  if (value === null) return null;
  if (!value || value.length > 255) {
    throw validationError([{ param: "Idempotency-Key", message: "must be 1 to 255 characters" }]);
  }
  return value;
}

/** The fingerprint of a request: same key with a different fingerprint is a reuse (422). */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${url}\n${stableStringify(body ?? null)}`)
    .digest("hex");
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The conditions that name one Idempotency-Key of one API key. */
const rowOf = (apiKeyId: string, key: string) => [
  eq(idempotencyKeys.apiKeyId, apiKeyId),
  eq(idempotencyKeys.key, key),
];

/** That key while the request that claimed it (`owner`) still holds it in flight. */
const heldBy = (apiKeyId: string, key: string, owner: string) =>
  and(...rowOf(apiKeyId, key), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.state, "in_flight"));

/**
 * Claims an idempotency key for one request: either this request owns it (and must complete or release it), or
 * a stored answer is replayed. Conflicts: 422 for a different request, 409 while another is in flight.
 */
export async function claimIdempotencyKey(
  db: Db,
  apiKeyId: string,
  key: string,
  fingerprint: string,
  sealKey: Buffer,
  /** How long an in-flight claim holds before a retry may presume its owner dead and take over. */
  leaseMs: number,
): Promise<Claim> {
  const owner = randomUUID();
  const leaseSeconds = leaseMs / 1000;
  for (let round = 0; round < 3; round++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({
        apiKeyId,
        key,
        requestHash: fingerprint,
        state: "in_flight",
        owner,
        lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted) return { kind: "owner", owner };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(...rowOf(apiKeyId, key)));
    if (!row) continue;
    if (Date.now() - row.createdAt.getTime() > IDEMPOTENCY_TTL_MS) {
      await db
        .delete(idempotencyKeys)
        .where(and(...rowOf(apiKeyId, key), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== fingerprint) {
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was used with a different request; use a new key for a new request.",
      );
    }
    if (row.state === "completed") {
      return {
        kind: "replay",
        response: {
          statusCode: row.statusCode!,
          body: openSecret(sealKey, row.responseBody!),
          headers: row.responseHeaders ?? {},
        },
      };
    }
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ owner, lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(
        and(
          ...rowOf(apiKeyId, key),
          eq(idempotencyKeys.state, "in_flight"),
          lt(idempotencyKeys.lockedUntil, sql`now()`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken) return { kind: "owner", owner };
    // A crashed owner's claim lapses at `lockedUntil`: the retry may come then at the latest.
    const retryAfter = Math.max(
      1,
      Math.ceil(((row.lockedUntil?.getTime() ?? Date.now()) - Date.now()) / 1000),
    );
    throw new ApiError(
      "idempotency_conflict",
      "A request with this Idempotency-Key is still in flight; retry once it has finished.",
      null,
      { "Retry-After": String(retryAfter) },
    );
  }
  throw new ApiError("idempotency_conflict", "The Idempotency-Key is contended; retry shortly.");
}

/**
 * Stores the answer. Called inside the transaction of the change itself, so the side effect and the stored
 * answer commit together: if a takeover happened meanwhile, no row matches and the transaction must roll back.
 */
export async function completeIdempotencyKey(
  db: Db,
  apiKeyId: string,
  key: string,
  owner: string,
  response: StoredResponse,
  sealKey: Buffer,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({
      state: "completed",
      lockedUntil: null,
      statusCode: response.statusCode,
      // Answers can carry secrets shown once (a webhook's signing secret): sealed, a database dump reveals none.
      responseBody: sealSecret(sealKey, response.body),
      responseHeaders: response.headers,
    })
    .where(heldBy(apiKeyId, key, owner))
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Gives the key back after a failure that is not stored (5xx), so the client may retry. */
export async function releaseIdempotencyKey(db: Db, apiKeyId: string, key: string, owner: string) {
  await db.delete(idempotencyKeys).where(heldBy(apiKeyId, key, owner));
}

export async function pruneIdempotencyKeys(db: Db, now = new Date()) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}

/**
 * Embedded mode only (one process owns the database): claims left in flight belong to a process that died, so a
 * restart releases them and clients' retries proceed at once instead of waiting for the lease.
 */
export async function releaseOrphanedClaims(db: Db): Promise<number> {
  const released = await db
    .delete(idempotencyKeys)
    .where(eq(idempotencyKeys.state, "in_flight"))
    .returning({ key: idempotencyKeys.key });
  return released.length;
}
