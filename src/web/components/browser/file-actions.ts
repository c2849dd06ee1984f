import type { FileBase } from "../../../contract/files.ts";
import { startDownload, startZipDownload } from "../../api/downloads.ts";
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
    /** One file downloads as it is; several as one zip, which the service streams as the browser saves it. */
    download: async (files: FileBase[]) => {
      try {
        if (files.length === 1) {
          await startDownload(files[0]!.id);
          return;
        }
        const zip = await startZipDownload({ file_ids: files.map((file) => file.id) });
        toast.success(`Downloading ${zip.name}`, {
          description:
            zip.fileCount < files.length
              ? `${plural(files.length - zip.fileCount, "page")} left out: pages have no file to download.`
              : undefined,
        });
      } catch (error) {
        toast.error(`The download could not start: ${errorMessage(error)}`);
      }
    },
  };
}
