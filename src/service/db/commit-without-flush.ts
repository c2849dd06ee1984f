import { sql } from "drizzle-orm";

/**
 * A select-list item that makes the statement's transaction commit without waiting for the WAL flush: for writes
 * whose loss in a database crash is harmless (a counter increment, a claim's lease, a settle that only means an
 * attempt may be sent again). Evaluated once per row: a statement answering no row commits as usual.
 */
export const COMMIT_WITHOUT_FLUSH = sql`set_config('synchronous_commit', 'off', true) as commit_without_flush`;
