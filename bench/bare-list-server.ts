import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { testPoolSize } from "../src/service/testing/test-database.ts";
import type { TestService } from "../src/service/testing/test-service.ts";

/** Runs one SQL statement with positional parameters; the rows come back as plain objects. */
export type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const PAGE = `select id, brandspace_id, library_id, folder_id, name, extension, kind, mime, size, status, duration_ms,
  width, height, active_version_id, active_number, version_count, external_url, tags, published, created_by_id,
  created_at, updated_at, trashed_at, hidden_by
  from files where brandspace_id = $1 and trashed_at is null and hidden_by is null
  order by created_at desc, id desc limit $2`;
const RENDITIONS = "select version_id, kind, mime, width, height from renditions where version_id = any($1)";
/** The service's statement since 2026-12-03: a list item's columns and whether it has a thumbnail, in one. */
const LISTED_PAGE = `select id, library_id, folder_id, name, extension, kind, mime, size, status, duration_ms, width, height,
  active_version_id, active_number, version_count, external_url, created_by_id, created_at, trashed_at,
  (select true from renditions r where r.version_id = files.active_version_id and r.kind = 'thumbnail') as thumbnail_ready
  from files where brandspace_id = $1 and trashed_at is null and hidden_by is null
  order by created_at desc, id desc limit $2`;

/**
 * What the bare handler sends: `two` is issue 15's yardstick (the page, then every rendition of its files);
 * `one` is the statement the service sends now (the list item's columns with a thumbnail flag), for comparison.
 */
export type BareStatements = "two" | "one";

/**
 * The yardstick of issue 15: `GET /v1/files?limit=…` as a plain node:http handler doing the same database work
 * as the service (the page, then its renditions) and JSON.stringify, without auth, limits, validation or
 * framework. Nothing cheaper can answer a database-backed page on this machine.
 */
export async function startBareListServer(
  query: Query,
  brandspaceId: string,
  statements: BareStatements = "two",
) {
  const answer = statements === "two" ? answerWithTwo : answerWithOne;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://bare");
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 50), 100);
    answer(query, brandspaceId, limit).then(
      (body) =>
        response
          .writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
          .end(body),
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answerWithTwo(query: Query, brandspaceId: string, limit: number) {
  const rows = await query(PAGE, [brandspaceId, limit + 1]);
  const page = rows.slice(0, limit);
  const versionIds = page.map((row) => row.active_version_id).filter(Boolean);
  const renditions = versionIds.length > 0 ? await query(RENDITIONS, [versionIds]) : [];
  const byVersion = new Map<unknown, Record<string, unknown>[]>();
  for (const r of renditions) byVersion.set(r.version_id, [...(byVersion.get(r.version_id) ?? []), r]);
  const data = page.map((row) => ({ ...row, renditions: byVersion.get(row.active_version_id) ?? [] }));
  return JSON.stringify({
    object: "list",
    data,
    next_cursor: rows.length > limit ? String(page.at(-1)?.id) : null,
  });
}

async function answerWithOne(query: Query, brandspaceId: string, limit: number) {
  const rows = await query(LISTED_PAGE, [brandspaceId, limit + 1]);
  const page = rows.slice(0, limit);
  return JSON.stringify({
    object: "list",
    data: page,
    next_cursor: rows.length > limit ? String(page.at(-1)?.id) : null,
  });
}

/** A pg pool of `size` connections to `url`, as a Query. */
export function postgresQuery(url: string, size: number) {
  const pool = new pg.Pool({ connectionString: url, max: size });
  const query: Query = async (text, params) => (await pool.query(text, params)).rows;
  return { query, close: () => pool.end() };
}

/** The same PGlite the service uses (the client of its database thread, one per data directory), as a Query. */
export function pgliteQuery(client: {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}) {
  const query: Query = async (text, params) =>
    (await client.query(text, params)).rows as Record<string, unknown>[];
  return query;
}

/** The bare handler on the same database as the service: its own pg pool, or the very PGlite thread. */
export async function startBareListBeside(service: TestService, statements: BareStatements = "two") {
  const url = (service.deps.database as { url?: string }).url;
  const pool = url ? postgresQuery(url, testPoolSize()) : null;
  const query = pool?.query ?? pgliteQuery((service.deps.db as unknown as { $client: never }).$client);
  const server = await startBareListServer(query, service.seed.brandspaceId, statements);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await pool?.close();
    },
  };
}
