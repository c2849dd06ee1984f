import type { Database, Db } from "../db/client.ts";
import { ApiError } from "./errors.ts";

/** PostgreSQL aborts one of two transactions that wait on each other (40P01) or conflict (40001): run it again. */
const RETRYABLE = new Set(["40P01", "40001"]);
/**
 * Tries of one transaction at most. Serializable transactions that change the same items (twenty requests adding
 * an option to one property at once) commit one at a time, each loser trying again; the backoff spreads them.
 */
const ATTEMPTS = 10;

function sqlStateOf(error: unknown): string | undefined {
  const direct = (error as { code?: unknown })?.code;
  if (typeof direct === "string") return direct;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof cause === "string" ? cause : undefined;
}

export function isRetryableConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE.has(state);
}

export interface TransactionOptions {
  /**
   * Runs at PostgreSQL's `serializable` isolation: a request's transaction reads, checks and writes (is the label
   * taken, is the folder an ancestor, is the file still there), and at `read committed` two such requests at once
   * both passed their checks (duplicate labels, folder cycles, a trash emitted twice). Serializable transactions
   * commit only as some order of them one at a time would, as on PGlite, whose one connection runs them so.
   */
  serializable?: boolean;
}

/**
 * Runs `work` in a transaction, again (up to 10 times) when PostgreSQL chose it as a deadlock victim or
 * serialization failure: the rollback undid everything, and the caller would otherwise see a 500 for a conflict
 * that another try resolves. When every try lost, `409 conflict` with `Retry-After: 1`.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const config = options.serializable ? { isolationLevel: "serializable" as const } : undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as Db), config);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= ATTEMPTS) {
        throw new ApiError(
          "conflict",
          "Other requests kept changing the same items while this one ran; retry it.",
          null,
          { "Retry-After": "1" },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 * 2 ** attempt, 250)));
    }
  }
}

/**
 * A write's transaction: serializable on PostgreSQL (see `TransactionOptions.serializable`), and as it is on
 * PGlite, whose one connection already runs transactions one at a time.
 */
export function inWriteTransaction<T>(
  { db, deps }: { db: Db; deps: { database: Pick<Database, "kind"> } },
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, work, { serializable: deps.database.kind === "postgres" });
}
