import {
  createPage,
  deletePage,
  getPage,
  listPages,
  publishPage,
  unpublishPage,
  updatePage,
} from "../../contract/operations/pages.ts";
import { apiInfiniteQuery, apiQuery, useApiMutation } from "./query.ts";

export const pagesQuery = () => apiInfiniteQuery(listPages, { query: { limit: 50 } });
export const pageQuery = (pageId: string) => apiQuery(getPage, { params: { pageId } });

const PAGE_READS = [listPages, getPage];

export const useCreatePage = () => useApiMutation(createPage, { invalidates: PAGE_READS });
export const useUpdatePage = () => useApiMutation(updatePage, { invalidates: PAGE_READS });
export const usePublishPage = () => useApiMutation(publishPage, { invalidates: PAGE_READS });
export const useUnpublishPage = () => useApiMutation(unpublishPage, { invalidates: PAGE_READS });
export const useDeletePage = () => useApiMutation(deletePage, { invalidates: PAGE_READS });
