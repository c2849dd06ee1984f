import { deleteFile, listFiles } from "../../contract/operations/files.ts";
import { deleteFolder, listFolders } from "../../contract/operations/folders.ts";
import { call } from "./client.ts";
import { type BulkResult, FILE_PAGE_SIZE, runBulk } from "./files.ts";

const once = () => crypto.randomUUID();

/** What emptying the trash did: items deleted, and those the service refused (each with its reason). */
export type EmptiedTrash = BulkResult<{ kind: "file" | "folder"; id: string; name: string }>;

/**
 * Deletes permanently everything in the trash that the dashboard's key can see: the trashed folders first (what
 * they contain goes with them), then the trashed files, a page at a time from the front, since each deletion
 * shortens the listing. An item the service refuses is reported and skipped; it stays in the trash. `onDeleted`
 * hears the running count.
 */
export async function emptyTrash(onDeleted: (count: number) => void = () => {}): Promise<EmptiedTrash> {
  const result: EmptiedTrash = { done: [], failed: [] };
  const record = (batch: EmptiedTrash) => {
    result.done.push(...batch.done);
    result.failed.push(...batch.failed);
    onDeleted(result.done.length);
  };

  const folders = [];
  let cursor: string | undefined;
  do {
    const page = await call(listFolders, {
      query: { trashed: "true", limit: 100, ...(cursor ? { cursor } : {}) },
    });
    folders.push(...page.data);
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  record(
    await runBulk(
      folders.map((folder) => ({ kind: "folder" as const, id: folder.id, name: folder.name })),
      (folder) =>
        call(deleteFolder, {
          params: { folderId: folder.id },
          query: { permanent: "true" },
          idempotencyKey: once(),
        }),
    ),
  );

  const refused = new Set<string>();
  for (;;) {
    const page = await call(listFiles, { query: { trashed: "true", limit: FILE_PAGE_SIZE } });
    const left = page.data.filter((file) => !refused.has(file.id));
    if (left.length === 0) break;
    const batch = await runBulk(
      left.map((file) => ({ kind: "file" as const, id: file.id, name: file.name })),
      (file) =>
        call(deleteFile, {
          params: { fileId: file.id },
          query: { permanent: "true" },
          idempotencyKey: once(),
        }),
    );
    for (const { item } of batch.failed) refused.add(item.id);
    record(batch);
    // A page of nothing but refusals: what is left is refused too, or past them.
    if (batch.done.length === 0 && !page.has_more) break;
    if (batch.done.length === 0 && refused.size >= FILE_PAGE_SIZE * 10) break;
  }
  return result;
}
