import { listFiles } from "../../contract/operations/files.ts";
import { deleteFolder, listFolders } from "../../contract/operations/folders.ts";
import { call } from "./client.ts";
import { type BulkResult, deleteFilesPermanently, FILE_PAGE_SIZE, runBulk } from "./files.ts";
import { fetchAll } from "./query.ts";

/**
 * Deletes permanently everything in the trash that the dashboard's key can see: the trashed folders first (what
 * they contain goes with them), then the trashed files, a page at a time from the front, since each deletion
 * shortens the listing. An item the service refuses is reported and stays in the trash; a first page of nothing
 * but refusals ends the run. `onDeleted` hears the running count of items deleted.
 */
export async function emptyTrash(onDeleted: (count: number) => void = () => {}): Promise<BulkResult<string>> {
  const result: BulkResult<string> = { done: [], failed: [] };
  const record = (batch: BulkResult<string>) => {
    result.done.push(...batch.done);
    result.failed.push(...batch.failed);
    onDeleted(result.done.length);
  };

  const folders = await fetchAll(listFolders, { query: { trashed: "true" } });
  record(
    await runBulk(
      folders.map((folder) => folder.id),
      (folderId) =>
        call(deleteFolder, {
          params: { folderId },
          query: { permanent: "true" },
          idempotencyKey: crypto.randomUUID(),
        }),
    ),
  );

  const refused = new Set<string>();
  for (;;) {
    const page = await call(listFiles, { query: { trashed: "true", limit: FILE_PAGE_SIZE } });
    const left = page.data.map((file) => file.id).filter((id) => !refused.has(id));
    if (left.length === 0) break;
    const batch = await deleteFilesPermanently(left);
    for (const { item } of batch.failed) refused.add(item);
    record(batch);
  }
  return result;
}
