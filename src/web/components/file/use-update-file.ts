import { useQueryClient } from "@tanstack/react-query";
import type { File } from "../../../contract/files.ts";
import { getFile, listFiles, listTags, updateFile } from "../../../contract/operations/files.ts";
import { fileQuery } from "../../api/files.ts";
import { useApiMutation } from "../../api/query.ts";

/** PATCH a file (name, tags, published); the page shows the answer at once, listings refetch. */
export function useUpdateFile(fileId: string) {
  const queryClient = useQueryClient();
  const mutation = useApiMutation(updateFile, { invalidates: [listFiles, getFile, listTags] });
  const update = async (body: { name?: string; tags?: string[]; published?: boolean }): Promise<File> => {
    const file = await mutation.mutateAsync({ params: { fileId }, body });
    queryClient.setQueryData(fileQuery(fileId).queryKey, file);
    return file;
  };
  return { update, pending: mutation.isPending };
}
