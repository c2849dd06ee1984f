import type { cube } from "@electric-sql/pglite/contrib/cube";
import type { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export declare const PGLITE_EXTENSIONS: { pg_trgm: typeof pg_trgm; cube: typeof cube };
