import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

type Parsers = NonNullable<QueryOptions["parsers"]>;
type Query = PGlite["query"];

/**
 * Drizzle's PGlite driver passes the parsers it wants (dates, times, intervals and arrays of them kept as text) with
 * every query, and PGlite then copies its whole table of parsers (318 types) for that query: 0.1–0.2 ms, more than
 * a small query itself takes. This installs them on the client once, at the first query that brings them, and from
 * then on leaves out any query's parsers that name the same types; a query bringing others is passed as it is.
 * Installed, they are the client's own: a query sent to the client directly, without Drizzle (the list bench's
 * bare handler), also gets those types as text.
 */
export function installQueryParsersOnce(client: PGlite): void {
  let installed: Set<string> | null = null;
  const lean =
    (query: Query): Query =>
    (text, params, options) => {
      const parsers = options?.parsers;
      if (!parsers) return query(text, params, options);
      if (!installed) {
        Object.assign(client.parsers, parsers);
        installed = new Set(Object.keys(parsers));
      }
      if (!sameTypes(parsers, installed)) return query(text, params, options);
      const { parsers: _installed, ...rest } = options;
      return query(text, params, rest);
    };
  client.query = lean(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx: Transaction) => {
      tx.query = lean(tx.query);
      return callback(tx);
    });
}

function sameTypes(parsers: Parsers, installed: Set<string>): boolean {
  const types = Object.keys(parsers);
  return types.length === installed.size && types.every((type) => installed.has(type));
}
