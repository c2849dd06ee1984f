import {
  activateVersion,
  deleteVersion,
  getFile,
  listFiles,
  listVersions,
} from "../../contract/operations/files.ts";
import { apiQueryAll, useApiMutation } from "./query.ts";

/** Every version of a file, newest first (files have few versions: the list is read whole). */
export const versionsQuery = (fileId: string) => apiQueryAll(listVersions, { params: { fileId } });

/** Activating a version changes the file's content, previews and size everywhere it is shown. */
export const useActivateVersion = () =>
  useApiMutation(activateVersion, { invalidates: [listVersions, getFile, listFiles] });

export const useDeleteVersion = () => useApiMutation(deleteVersion, { invalidates: [listVersions, getFile] });
