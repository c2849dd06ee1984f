import {
  createSharedLink,
  deleteSharedLink,
  listFileSharedLinks,
  listSharedLinks,
  updateSharedLink,
} from "../../contract/operations/shared-links.ts";
import { apiQueryAll, useApiMutation } from "./query.ts";

/** The brandspace's links of folders, boards and libraries, newest first. */
export const sharedLinksQuery = () => apiQueryAll(listSharedLinks);
/** One file's own links. */
export const fileSharedLinksQuery = (fileId: string) =>
  apiQueryAll(listFileSharedLinks, { params: { fileId } });

const LINK_LISTS = [listSharedLinks, listFileSharedLinks];

export const useCreateSharedLink = () => useApiMutation(createSharedLink, { invalidates: LINK_LISTS });
export const useUpdateSharedLink = () => useApiMutation(updateSharedLink, { invalidates: LINK_LISTS });
export const useRevokeSharedLink = () => useApiMutation(deleteSharedLink, { invalidates: LINK_LISTS });
