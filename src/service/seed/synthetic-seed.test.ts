import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/client.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { type SyntheticSeedResult, seedSyntheticFiles } from "./synthetic-seed.ts";

let service: TestService;
let api: ApiCall;
let seeded: SyntheticSeedResult;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  seeded = await seedSyntheticFiles(service.deps.db, service.deps.blobs, {
    brandspaceId: service.seed.brandspaceId,
    files: 20_000,
  });
  await service.deps.db.execute(sql`analyze`);
}, 120_000);
afterAll(() => service?.close());

async function plan(query: string) {
  const result = await service.deps.db.execute(sql.raw(`explain ${query}`));
  return rowsOf<Record<string, string>>(result)
    .map((r) => Object.values(r)[0])
    .join("\n");
}

describe("synthetic seed", () => {
  it("makes a browsable library of ready files with thumbnails", async () => {
    const page = await api("GET", `/v1/files?library_id=${seeded.libraryId}&recursive=true&limit=100`);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(100);
    expect(page.body.has_more).toBe(true);
    expect(new Set(page.body.data.map((f: { kind: string }) => f.kind)).size).toBeGreaterThan(2);
    const withThumb = page.body.data.find((f: { thumbnail_url: string | null }) => f.thumbnail_url);
    const thumb = await fetch(withThumb.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const detail = await api("GET", `/v1/libraries/${seeded.libraryId}`);
    expect(detail.body.file_count).toBe(20_000);
  });

  it("answers listings from an index, not a scan of files", async () => {
    const bsp = service.seed.brandspaceId;
    const brandspaceWide = await plan(
      `select id from files where brandspace_id = '${bsp}' and trashed_at is null and hidden_by is null order by created_at desc, id desc limit 51`,
    );
    expect(brandspaceWide).toMatch(/Index Scan Backward using files_brandspace_created/);
    const folder = await plan(
      `select id from files where library_id = '${seeded.libraryId}' and folder_id = '${seeded.folderIds[3]}' and trashed_at is null and hidden_by is null order by lower(name) asc, id asc limit 51`,
    );
    expect(folder).toMatch(/Index Scan using files_folder_name/);
    expect(`${brandspaceWide}\n${folder}`).not.toMatch(/Seq Scan on files/);
  });
});
