import { appendFileSync } from "node:fs";

/**
 * Issue 15's aims, one row per aim and database: each bench records what it measured with `recordAim`, and
 * bench/run.ts prints every row of the run as one table (`formatAims`) after the last bench.
 */
export interface AimRow {
  /** The bench's name, as in bench/run.ts. */
  bench: string;
  /** What is measured, e.g. "GET /v1/files?limit=50 ÷ bare list handler". */
  aim: string;
  database: string;
  target: number;
  /** NaN or Infinity (no figure: the bench divided by nothing) is a miss. */
  measured: number;
  /** "higher": the aim is met at `target` or above; "lower": strictly below `target` ("p50 under 50 ms"). */
  better: "higher" | "lower";
  /** Printed after target and measured, e.g. "ms"; none for ratios. */
  unit?: string;
  /** Printed with the aim, e.g. the size the figure was measured at when the aim is for another. */
  note?: string;
}

/** The database a bench process runs on, as the tests choose it: PostgreSQL when TEST_DATABASE_URL is set. */
export function benchDatabase(env: NodeJS.ProcessEnv = process.env): "PostgreSQL" | "PGlite" {
  return env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
}

/** The database as a bench's heading names it: PGlite on disk (TEST_PGLITE_DIR, as users run it) or in memory. */
export function benchDatabaseHeading(env: NodeJS.ProcessEnv = process.env): string {
  if (benchDatabase(env) === "PostgreSQL") return "PostgreSQL";
  return env.TEST_PGLITE_DIR ? "PGlite (embedded, on disk)" : "PGlite (embedded, in memory)";
}

/** Appends one JSON line to the file named by BENCH_AIMS_FILE; does nothing when it is unset. */
export function recordAim(row: AimRow, file: string | undefined = process.env.BENCH_AIMS_FILE): void {
  if (!file) return;
  appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/** The rows of a BENCH_AIMS_FILE; a line that is not a row (a bench killed mid-write) is left out. */
export function parseAims(text: string): AimRow[] {
  const rows: AimRow[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isRow(value)) continue;
    // JSON writes NaN and Infinity as null: no figure.
    rows.push({ ...value, measured: value.measured === null ? Number.NaN : value.measured });
  }
  return rows;
}

function isRow(value: unknown): value is Omit<AimRow, "measured"> & { measured: number | null } {
  if (typeof value !== "object" || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.bench === "string" &&
    typeof row.aim === "string" &&
    typeof row.database === "string" &&
    typeof row.target === "number" &&
    (typeof row.measured === "number" || row.measured === null) &&
    (row.better === "higher" || row.better === "lower")
  );
}

/** Whether the figure meets the aim: at or above the target when higher is better, below it when lower is. */
export function passes(row: Pick<AimRow, "target" | "measured" | "better">): boolean {
  if (!Number.isFinite(row.measured)) return false;
  return row.better === "higher" ? row.measured >= row.target : row.measured < row.target;
}

/**
 * One Markdown table of every row: | Bench | Aim | Database | Target | Measured | Result |. Rows of the same bench
 * and aim stand together (the databases side by side), in the order they were first recorded.
 */
export function formatAims(rows: readonly AimRow[]): string {
  const firstSeen = (keyOf: (row: AimRow) => string) => {
    const order = new Map<string, number>();
    for (const row of rows) if (!order.has(keyOf(row))) order.set(keyOf(row), order.size);
    return (row: AimRow) => order.get(keyOf(row))!;
  };
  const benchRank = firstSeen((row) => row.bench);
  const aimRank = firstSeen((row) => `${row.bench}\n${row.aim}`);
  const databaseRank = firstSeen((row) => row.database);
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        benchRank(a.row) - benchRank(b.row) ||
        aimRank(a.row) - aimRank(b.row) ||
        databaseRank(a.row) - databaseRank(b.row) ||
        a.index - b.index,
    )
    .map(({ row }) => row);
  const lines = [
    "| Bench | Aim | Database | Target | Measured | Result |",
    "| --- | --- | --- | ---: | ---: | --- |",
    ...sorted.map(
      (row) =>
        `| ${[
          row.bench,
          row.note ? `${row.aim} (${row.note})` : row.aim,
          row.database,
          `${row.better === "higher" ? "≥" : "<"} ${withUnit(String(row.target), row.unit)}`,
          Number.isFinite(row.measured) ? withUnit(figure(row.measured), row.unit) : "none",
          passes(row) ? "pass" : "miss",
        ]
          .map(cell)
          .join(" | ")} |`,
    ),
  ];
  return lines.join("\n");
}

const withUnit = (value: string, unit: string | undefined) => (unit ? `${value} ${unit}` : value);

/** Three decimals below 10 (ratios, recalls), one below 1,000 (milliseconds), none above. */
function figure(value: number): string {
  const digits = Math.abs(value) < 10 ? 3 : Math.abs(value) < 1000 ? 1 : 0;
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replaceAll("|", "\\|");
