/**
 * The contrib extensions the migrations create: pg_trgm (keyword search), cube (look-alikes). PGlite loads them
 * only when asked at open; PostgreSQL has them in its contrib package. Plain JavaScript: the database's worker
 * thread (pglite.worker.mjs) imports it too.
 */
import { cube } from "@electric-sql/pglite/contrib/cube";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm, cube };
