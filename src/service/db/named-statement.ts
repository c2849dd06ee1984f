import type { SQL } from "drizzle-orm";
import { PgDialect, type PgSession } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

const dialect = new PgDialect();

/**
 * `db.execute` as a named prepared statement: on PostgreSQL each connection parses the statement once, and may
 * plan it once (a generic plan, once five custom ones cost no less); PGlite runs it as any other. For the
 * statements a busy loop sends every few milliseconds, where parsing and planning took most of the server's time
 * per call (a webhook claim: 0.8 of 1.2 ms). The statement's text must be the same at every call for one name:
 * only its parameters may change.
 */
export function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  // Drizzle names prepared statements of its query builders only; `db.execute` is this with no name.
  const session = (db as unknown as { session: PgSession }).session;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
