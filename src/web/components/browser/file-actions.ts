import type { FileBase } from "../../../contract/files.ts";
import { startDownload } from "../../api/downloads.ts";
import { errorMessage } from "../../api/error-message.ts";
import {
  addTags,
  copyFiles,
  deleteFilesPermanently,
  FILE_CHANGES,
  type FileDestination,
  moveFiles,
  restoreFiles,
  trashFiles,
  useInvalidate,
} from "../../api/files.ts";
import { plural } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { toastBulk } from "./feedback.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bulk file actions of the browse views, each with its toast and the refetch of what it changed. */
export function useFileActions() {
  const invalidate = useInvalidate();
  const withProgress = async <T>(count: number, verb: string, work: () => Promise<T>) => {
    const id = count > 1 ? toast.loading(`${verb} ${plural(count, "file")}…`) : undefined;
    try {
      return await work();
    } finally {
      if (id !== undefined) toast.dismiss(id);
      await invalidate(FILE_CHANGES);
    }
  };
  const ids = (files: FileBase[]) => files.map((f) => f.id);

  const restore = async (files: FileBase[]) => {
    const result = await withProgress(files.length, "Restoring", () => restoreFiles(ids(files)));
    toastBulk(result, { done: (n) => `Restored ${plural(n, "file")}`, failed: "Could not restore" });
    return result;
  };

  return {
    move: async (files: FileBase[], to: FileDestination, where: string) => {
      const result = await withProgress(files.length, "Moving", () => moveFiles(ids(files), to));
      toastBulk(result, {
        done: (n) => `Moved ${plural(n, "file")} to “${where}”`,
        failed: "Could not move",
      });
      return result;
    },
    copy: async (files: FileBase[], to: FileDestination, where: string) => {
      const result = await withProgress(files.length, "Copying", () => copyFiles(ids(files), to));
      toastBulk(result, {
        done: (n) => `Copied ${plural(n, "file")} to “${where}”`,
        failed: "Could not copy",
      });
      return result;
    },
    tag: async (files: FileBase[], tags: string[]) => {
      const result = await withProgress(files.length, "Tagging", () => addTags(ids(files), tags));
      toastBulk(result, {
        done: (n) => `Added ${plural(tags.length, "tag")} to ${plural(n, "file")}`,
        failed: "Could not add the tags",
      });
      return result;
    },
    trash: async (files: FileBase[]) => {
      const result = await withProgress(files.length, "Trashing", () => trashFiles(ids(files)));
      const trashed = files.filter((f) => result.done.includes(f.id));
      toastBulk(
        result,
        { done: (n) => `Moved ${plural(n, "file")} to the trash`, failed: "Could not trash" },
        { action: { label: "Undo", onClick: () => void restore(trashed) } },
      );
      return result;
    },
    restore,
    deleteForever: async (files: FileBase[]) => {
      const result = await withProgress(files.length, "Deleting", () => deleteFilesPermanently(ids(files)));
      toastBulk(result, {
        done: (n) => `Deleted ${plural(n, "file")} permanently`,
        failed: "Could not delete",
      });
      return result;
    },
    /** One file downloads at once; several start one after another, which browsers may ask to allow. */
    download: async (files: FileBase[]) => {
      if (files.length > 1) {
        toast.info(
          `Downloading ${plural(files.length, "file")} one after another. Your browser may ask you to allow multiple downloads.`,
        );
      }
      let failed = 0;
      let reason = "";
      for (const file of files) {
        try {
          await startDownload(file.id);
          if (files.length > 1) await pause(600);
        } catch (error) {
          failed++;
          reason = errorMessage(error);
        }
      }
      if (failed) toast.error(`${plural(failed, "download")} could not start: ${reason}`);
    },
  };
}
