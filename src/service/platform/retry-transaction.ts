import type { Db } from "../db/client.ts";

/** PostgreSQL aborts one of two transactions that wait on each other (40P01) or conflict (40001): run it again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

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

/**
 * Runs `work` in a transaction, again (up to 3 times) when PostgreSQL chose it as a deadlock victim or
 * serialization failure: the rollback undid everything, and the caller would otherwise see a 500 for a conflict
 * that a second try resolves (e.g. a permanent delete racing the processing job of the same file).
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as Db));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
