import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TagInUse } from "../../contract/files.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { uploadBytes } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { foldTagCounts } from "./tags.repository.ts";

let service: TestService;
let owner: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

async function tagsInUse(): Promise<[string, number][]> {
  const res = await owner("GET", "/v1/tags?limit=100");
  expect(res.status).toBe(200);
  return res.body.data.map((t: TagInUse) => [t.name, t.file_count]);
}

/** What the counts stand for: every tag of the brandspace's active files, counted over the files themselves. */
async function countedOverFiles(): Promise<[string, number][]> {
  const rows = rowsOf<{ name: string; n: number }>(
    await service.deps.db.execute(sql`
      select t.name, count(*)::int as n
      from files f cross join lateral unnest(f.tags) as t(name)
      where f.brandspace_id = ${service.seed.brandspaceId} and f.trashed_at is null and f.hidden_by is null
      group by t.name order by n desc, t.name`),
  );
  return rows.map((row) => [row.name, row.n]);
}

/** The listing agrees with the files before the changes are folded and after, and a fold leaves none behind. */
async function expectCountsOfFiles(expected: [string, number][]) {
  expect(await countedOverFiles()).toEqual(expected);
  expect(await tagsInUse()).toEqual(expected);
  await foldTagCounts(service.deps.db);
  expect(await tagsInUse()).toEqual(expected);
  expect(await pendingChanges()).toEqual([]);
}

const pendingChanges = async (db: Db = service.deps.db) =>
  rowsOf<{ tag: string; change: number }>(
    await db.execute(sql`select tag, change from tag_count_changes order by tag, change`),
  );

class RolledBack extends Error {}

/**
 * The changes one statement on files appends, read inside its transaction, which is then rolled back: a fold
 * running meanwhile (the workers' schedule) cannot take them.
 */
async function changesAppendedBy(statement: SQL) {
  await foldTagCounts(service.deps.db);
  let appended: { tag: string; change: number }[] = [];
  await service.deps.db
    .transaction(async (tx) => {
      await tx.execute(statement);
      appended = await pendingChanges(tx as Db);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return appended;
}

async function taggedFile(libraryId: string, name: string, tags: string[], folderId?: string) {
  const file = await uploadBytes(owner, Buffer.from(name), {
    name,
    library_id: libraryId,
    ...(folderId ? { folder_id: folderId } : {}),
  });
  expect((await owner("PATCH", `/v1/files/${file.id}`, { body: { tags } })).status).toBe(200);
  return file.id as string;
}

describe("tag counts follow every change of the files", () => {
  let libraryA: string;
  let libraryB: string;
  let folder: string;
  let first: string;
  let second: string;
  let third: string;

  beforeAll(async () => {
    libraryA = (await owner("POST", "/v1/libraries", { body: { name: "A" } })).body.id;
    libraryB = (await owner("POST", "/v1/libraries", { body: { name: "B" } })).body.id;
    folder = (await owner("POST", "/v1/folders", { body: { name: "F", library_id: libraryA } })).body.id;
    first = await taggedFile(libraryA, "first.txt", ["red", "blue"]);
    second = await taggedFile(libraryA, "second.txt", ["red"], folder);
    third = await taggedFile(libraryB, "third.txt", ["blue", "green"]);
  });

  it("uploads and tagging", async () => {
    await expectCountsOfFiles([
      ["blue", 2],
      ["red", 2],
      ["green", 1],
    ]);
  });

  it("retagging, trashing and restoring a file", async () => {
    expect((await owner("PATCH", `/v1/files/${first}`, { body: { tags: ["red", "yellow"] } })).status).toBe(
      200,
    );
    await expectCountsOfFiles([
      ["red", 2],
      ["blue", 1],
      ["green", 1],
      ["yellow", 1],
    ]);
    expect((await owner("DELETE", `/v1/files/${first}`)).status).toBe(200);
    await expectCountsOfFiles([
      ["blue", 1],
      ["green", 1],
      ["red", 1],
    ]);
    expect((await owner("POST", `/v1/files/${first}/restore`)).status).toBe(200);
    await expectCountsOfFiles([
      ["red", 2],
      ["blue", 1],
      ["green", 1],
      ["yellow", 1],
    ]);
  });

  it("a statement appends only what it changes: one tag added is one row, a rename none", async () => {
    const tagsNow = (tags: string[]) =>
      sql`update files set tags = string_to_array(${tags.join(",")}, ',') where id = ${first}`;
    expect(await changesAppendedBy(sql`update files set name = 'renamed.txt' where id = ${first}`)).toEqual(
      [],
    );
    expect(await changesAppendedBy(tagsNow(["red", "yellow", "teal"]))).toEqual([{ tag: "teal", change: 1 }]);
    expect(await changesAppendedBy(tagsNow(["yellow"]))).toEqual([{ tag: "red", change: -1 }]);
    expect(await changesAppendedBy(tagsNow(["yellow", "red"]))).toEqual([]);
  });

  it("trashing and restoring the folder a file is in", async () => {
    expect((await owner("DELETE", `/v1/folders/${folder}`)).status).toBe(200);
    await expectCountsOfFiles([
      ["blue", 1],
      ["green", 1],
      ["red", 1],
      ["yellow", 1],
    ]);
    expect((await owner("POST", `/v1/folders/${folder}/restore`)).status).toBe(200);
    await expectCountsOfFiles([
      ["red", 2],
      ["blue", 1],
      ["green", 1],
      ["yellow", 1],
    ]);
  });

  it("moving a file to another library, copying one, deleting one for good", async () => {
    expect((await owner("POST", `/v1/files/${second}/move`, { body: { library_id: libraryB } })).status).toBe(
      200,
    );
    expect((await owner("POST", `/v1/files/${third}/copy`, { body: { library_id: libraryA } })).status).toBe(
      200,
    );
    await expectCountsOfFiles([
      ["blue", 2],
      ["green", 2],
      ["red", 2],
      ["yellow", 1],
    ]);
    expect((await owner("DELETE", `/v1/files/${third}?permanent=true`)).status).toBe(200);
    await expectCountsOfFiles([
      ["red", 2],
      ["blue", 1],
      ["green", 1],
      ["yellow", 1],
    ]);
  });

  it("deleting a library with its files", async () => {
    expect((await owner("DELETE", `/v1/libraries/${libraryB}`)).status).toBe(200);
    await expectCountsOfFiles([
      ["blue", 1],
      ["green", 1],
      ["red", 1],
      ["yellow", 1],
    ]);
  });

  it("files tagged at once, and folds run at once, count each file once", async () => {
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) => taggedFile(libraryA, `many-${i}.txt`, ["launch"])),
    );
    const updates = await Promise.all(
      ids.map((id) => owner("PATCH", `/v1/files/${id}`, { body: { tags: ["launch", "spring"] } })),
    );
    expect(updates.map((res) => res.status)).toEqual(ids.map(() => 200));
    const folded = await Promise.all([foldTagCounts(service.deps.db), foldTagCounts(service.deps.db)]);
    expect(folded.every((n) => n >= 0)).toBe(true);
    await expectCountsOfFiles([
      ["launch", 8],
      ["spring", 8],
      ["blue", 1],
      ["green", 1],
      ["red", 1],
      ["yellow", 1],
    ]);
  });
});
