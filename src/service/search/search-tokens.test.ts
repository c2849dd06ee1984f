import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "../db/client.ts";
import { files } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { wordMatchers } from "./file-search.ts";
import { withKnownWords } from "./search.repository.ts";

let database: Database;
let brandspaceId: string;
let libraryId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const seeded = await database.db.transaction((tx) => seedDemo(tx as never));
  brandspaceId = seeded.brandspaceId;
  libraryId = seeded.libraries.shared;
});
afterAll(() => database.close());

async function tokensOf(body: string): Promise<string[]> {
  const [row] = rowsOf<{ tokens: string[] }>(
    await database.db.execute(sql`select search_tokens_of(${body}) as tokens`),
  );
  return row!.tokens;
}

describe("search_tokens_of", () => {
  it("keeps the distinct words of 3 characters or more that are not only digits", async () => {
    expect((await tokensOf("summer_campaign 2024\nsummer-v2 café.png of")).sort()).toEqual(
      ["café", "campaign", "png", "summer"].sort(),
    );
  });

  it("keeps a run of over 64 characters as pieces that hold every part of up to 33 characters", async () => {
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const length of [65, 96, 97, 128, 150, 200]) {
      const run = Array.from({ length }, (_, i) => letters[(i * 7 + Math.floor(i / 26)) % 26]).join("");
      const pieces = await tokensOf(`before ${run} after`);
      expect(pieces.every((p) => [...p].length <= 64)).toBe(true);
      for (let start = 0; start + 33 <= length; start++) {
        const part = run.slice(start, start + 33);
        expect(
          pieces.some((p) => p.includes(part)),
          `${length}: ${part} at ${start}`,
        ).toBe(true);
      }
    }
  });
});

describe("known words of a keyword", () => {
  it("lists the known words containing it, and falls back to the trigram index past 256", async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: newId("file"),
      brandspaceId,
      libraryId,
      name: `zqx${i.toString(36)}word.png`,
      extension: "png",
      kind: "image" as const,
      mime: "image/png",
      size: 1,
      status: "ready" as const,
      createdById: "usr_unknown",
    }));
    await database.db.insert(files).values(rows);
    const [few, many, none] = await withKnownWords(
      database.db,
      brandspaceId,
      wordMatchers(["zqx1", "zqx", "qqqzzz"]),
    );
    expect(few!.tokens?.sort()).toEqual(
      Array.from({ length: 300 }, (_, i) => `zqx${i.toString(36)}word`)
        .filter((w) => w.includes("zqx1"))
        .sort(),
    );
    expect(few!.known).toBe(true);
    expect(many!.tokens).toBeNull();
    expect(none).toMatchObject({ tokens: [], known: false });
  });
});
