import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { AuthContext } from "./auth.ts";

/**
 * Resolved keys, kept a few seconds so that a burst of requests costs one lookup. Revocations and member
 * changes made through this process clear it at once; other processes see them within the TTL.
 */
export const AUTH_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

const entries = new Map<string, { auth: AuthContext; expiresAt: number }>();
/** Lookups under way, by key hash: the requests that miss the cache together share one. */
const lookups = new Map<string, Promise<AuthContext>>();
/** Bumped by every invalidation: a lookup begun before one must not fill the cache after it. */
let generation = 0;

export function cachedAuth(keyHash: string, now = Date.now()): AuthContext | null {
  const entry = entries.get(keyHash);
  if (!entry) return null;
  if (entry.expiresAt <= now) {
    entries.delete(keyHash);
    return null;
  }
  return entry.auth;
}

export function rememberAuth(keyHash: string, auth: AuthContext, now = Date.now()) {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(keyHash, { auth, expiresAt: now + AUTH_CACHE_TTL_MS });
}

/**
 * The key's resolved caller from the cache, or from `lookup`, run once for every request that misses the cache
 * while it runs: when an entry expires under load, the requests in flight (50 at a time in the bench) would
 * otherwise each read and touch the key. Its answer is remembered unless the cache was invalidated meanwhile.
 */
export function resolveAuth(
  keyHash: string,
  lookup: () => Promise<AuthContext>,
): AuthContext | Promise<AuthContext> {
  const cached = cachedAuth(keyHash);
  if (cached) return cached;
  const pending = lookups.get(keyHash);
  if (pending) return pending;
  const startedIn = generation;
  const started = lookup().then(
    (auth) => {
      if (lookups.get(keyHash) === started) lookups.delete(keyHash);
      if (startedIn === generation) rememberAuth(keyHash, auth);
      return auth;
    },
    (error: unknown) => {
      if (lookups.get(keyHash) === started) lookups.delete(keyHash);
      throw error;
    },
  );
  lookups.set(keyHash, started);
  return started;
}

/** The NOTIFY channel that tells every process sharing the database to forget resolved keys. */
export const AUTH_CHANGED_CHANNEL = "brandspace_auth_changed";

/** Forget every resolved key: called after anything that changes what a key may do. */
export function invalidateAuthCache() {
  generation++;
  entries.clear();
  lookups.clear();
}

/** Tells every process (through the database, on commit) that keys or members changed. */
export async function announceAuthChange(db: Db) {
  await db.execute(sql`select pg_notify(${AUTH_CHANGED_CHANNEL}, '')`);
}
