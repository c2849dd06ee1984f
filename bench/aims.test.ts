import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AimRow,
  benchDatabase,
  benchDatabaseHeading,
  formatAims,
  parseAims,
  passes,
  recordAim,
} from "./aims.ts";

const row = (overrides: Partial<AimRow> = {}): AimRow => ({
  bench: "files-list",
  aim: "GET /v1/files?limit=50 ÷ bare list handler",
  database: "PGlite",
  target: 0.5,
  measured: 0.61,
  better: "higher",
  ...overrides,
});

describe("passes", () => {
  it("meets a higher-is-better aim at the target or above", () => {
    expect(passes(row({ measured: 0.61 }))).toBe(true);
    expect(passes(row({ measured: 0.5 }))).toBe(true);
    expect(passes(row({ measured: 0.49 }))).toBe(false);
  });

  it("meets a lower-is-better aim strictly below the target", () => {
    const latency = { better: "lower" as const, target: 50 };
    expect(passes(row({ ...latency, measured: 39 }))).toBe(true);
    expect(passes(row({ ...latency, measured: 50 }))).toBe(false);
    expect(passes(row({ ...latency, measured: 81 }))).toBe(false);
  });

  it("misses when there is no figure", () => {
    expect(passes(row({ measured: Number.NaN }))).toBe(false);
    expect(passes(row({ measured: Number.POSITIVE_INFINITY }))).toBe(false);
    expect(passes(row({ better: "lower", measured: Number.NEGATIVE_INFINITY }))).toBe(false);
  });
});

describe("formatAims", () => {
  it("prints one Markdown table with target, measured figure and result", () => {
    const table = formatAims([
      row({ measured: 0.6123 }),
      row({ bench: "similar", aim: "p50 latency", target: 50, measured: 81.26, better: "lower", unit: "ms" }),
    ]);
    expect(table.split("\n")).toEqual([
      "| Bench | Aim | Database | Target | Measured | Result |",
      "| --- | --- | --- | ---: | ---: | --- |",
      "| files-list | GET /v1/files?limit=50 ÷ bare list handler | PGlite | ≥ 0.5 | 0.612 | pass |",
      "| similar | p50 latency | PGlite | < 50 ms | 81.3 ms | miss |",
    ]);
  });

  it("puts the databases of one aim side by side, in the order first recorded", () => {
    const table = formatAims([
      row({ measured: 0.4 }),
      row({ aim: "second aim" }),
      row({ bench: "webhooks", aim: "deliveries/s ÷ raw POSTs/s" }),
      row({ database: "PostgreSQL", target: 0.75, measured: 0.8 }),
      row({ database: "PostgreSQL", aim: "second aim" }),
    ]);
    const lines = table.split("\n").slice(2);
    expect(lines.map((line) => line.split(" | ").slice(0, 3).join(" | "))).toEqual([
      "| files-list | GET /v1/files?limit=50 ÷ bare list handler | PGlite",
      "| files-list | GET /v1/files?limit=50 ÷ bare list handler | PostgreSQL",
      "| files-list | second aim | PGlite",
      "| files-list | second aim | PostgreSQL",
      "| webhooks | deliveries/s ÷ raw POSTs/s | PGlite",
    ]);
    expect(lines[0]).toMatch(/\| 0\.400 \| miss \|$/);
    expect(lines[1]).toMatch(/\| ≥ 0\.75 \| 0\.800 \| pass \|$/);
  });

  it("prints the note with the aim, escapes pipes and shows a missing figure", () => {
    const table = formatAims([
      row({ aim: "a | b", note: "at 2,000 files; the aim is at 1,000,000", measured: Number.NaN }),
    ]);
    expect(table.split("\n")[2]).toBe(
      "| files-list | a \\| b (at 2,000 files; the aim is at 1,000,000) | PGlite | ≥ 0.5 | none | miss |",
    );
  });

  it("is only the header without rows", () => {
    expect(formatAims([]).split("\n")).toHaveLength(2);
  });
});

describe("recordAim and parseAims", () => {
  it("appends JSON lines to the file and reads them back; no file, no write", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "bs-aims-"));
    try {
      const file = path.join(dir, "aims.jsonl");
      recordAim(row(), file);
      recordAim(row({ measured: Number.NaN, unit: "ms", note: "n" }), file);
      recordAim(row(), undefined);
      const text = await readFile(file, "utf8");
      const rows = parseAims(`${text}{"bench":"cut`);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toEqual(row());
      expect(rows[1]!.measured).toBeNaN();
      expect(rows[1]!.note).toBe("n");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("names the database as the tests choose it", () => {
    expect(benchDatabase({ TEST_DATABASE_URL: "postgres://x" })).toBe("PostgreSQL");
    expect(benchDatabase({})).toBe("PGlite");
    expect(benchDatabaseHeading({ TEST_DATABASE_URL: "postgres://x" })).toBe("PostgreSQL");
    expect(benchDatabaseHeading({})).toBe("PGlite (embedded, in memory)");
    expect(benchDatabaseHeading({ TEST_PGLITE_DIR: "/tmp/x" })).toBe("PGlite (embedded, on disk)");
  });
});
