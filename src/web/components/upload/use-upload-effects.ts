import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getFile, listFiles, listVersions } from "../../../contract/operations/files.ts";
import { getFolder, listFolders } from "../../../contract/operations/folders.ts";
import { getLibrary } from "../../../contract/operations/libraries.ts";
import { invalidateOperations } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { IMPORT_FAILURES, imports } from "./import-queue.ts";
import { UNFINISHED } from "./upload-item.ts";
import { uploads } from "./upload-store.ts";

const BATCH_TOAST = "uploads-completed";

/**
 * What the queue does to the rest of the dashboard: a toast per upload (one toast per batch, updated in place),
 * the listings refetched so new files appear, the network coming back resuming uploads, and a warning before
 * the page is left while bytes are still on their way.
 */
export function useUploadEffects() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const refresh = (ops: { id: string }[]) => invalidateOperations(queryClient, ops);
    return uploads.onEvent((event) => {
      const { item } = event;
      if (event.type === "failed") {
        toast.error(`“${item.name}” was not uploaded`, { description: item.error ?? undefined });
        return;
      }
      if (event.type === "processed") {
        void refresh([listFiles, getFile, listVersions]);
        return;
      }
      // A transfer's own dialog follows its files; the browse screens have nothing new to show.
      if (item.target.transferId) return;
      void refresh(
        item.target.fileId
          ? [getFile, listVersions, listFiles]
          : // An uploaded folder's folders were made just before its files.
            [listFiles, getFolder, getLibrary, listFolders],
      );
      const batch = uploads.getSnapshot().filter((i) => i.status !== "canceled");
      const pending = batch.filter((i) => UNFINISHED.has(i.status)).length;
      const title = item.target.fileId ? `New version of “${item.name}” uploaded` : `“${item.name}” uploaded`;
      toast.success(title, {
        id: BATCH_TOAST,
        description:
          batch.length > 1 ? `${batch.length - pending} of ${batch.length} uploads done` : undefined,
      });
    });
  }, [queryClient]);

  useEffect(
    () =>
      imports.onEnd((record) => {
        const name = record.name ?? record.url;
        if (record.status === "failed") {
          toast.error(`“${name}” was not imported`, {
            description: record.error ? IMPORT_FAILURES[record.error.code] : undefined,
          });
          return;
        }
        void invalidateOperations(queryClient, [listFiles, getFolder, getLibrary]);
        toast.success(`“${name}” imported`);
      }),
    [queryClient],
  );

  useEffect(() => {
    const online = () => uploads.goOnline();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  useEffect(() => {
    const leaving = (event: BeforeUnloadEvent) => {
      if (!uploads.getSnapshot().some((item) => UNFINISHED.has(item.status))) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", leaving);
    return () => window.removeEventListener("beforeunload", leaving);
  }, []);
}
