import { z } from "zod";
import { deletionOf, listOf } from "../common.ts";
import { DeleteQuery } from "../files.ts";
import { defineOperation } from "../operation.ts";
import { CreatePageBody, Page, PageListQuery, PublicPage, UpdatePageBody } from "../pages.ts";

const PageParams = z.strictObject({ pageId: z.string() });
const base = { plane: "regional", auth: "key", tag: "Pages" } as const;

export const listPages = defineOperation({
  ...base,
  id: "listPages",
  method: "GET",
  path: "/v1/pages",
  scope: "pages:read",
  summary:
    "Pages in libraries the key can see, most recently updated first; `library_id`, `folder_id`, `published` narrow them.",
  query: PageListQuery,
  status: 200,
  response: listOf(Page),
});

export const createPage = defineOperation({
  ...base,
  id: "createPage",
  method: "POST",
  path: "/v1/pages",
  scope: "pages:write",
  summary: "A new page (a file of kind `page`) in a library or folder: `page.created`.",
  body: CreatePageBody,
  status: 201,
  response: Page,
});

export const getPage = defineOperation({
  ...base,
  id: "getPage",
  method: "GET",
  path: "/v1/pages/{pageId}",
  scope: "pages:read",
  summary: "A page with its content and the files and boards it refers to, as the caller may see them.",
  params: PageParams,
  status: 200,
  response: Page,
});

export const updatePage = defineOperation({
  ...base,
  id: "updatePage",
  method: "PATCH",
  path: "/v1/pages/{pageId}",
  scope: "pages:write",
  summary: "Save content (`page.updated`) and or rename (`file.updated` with `data.file_type: canvas`).",
  params: PageParams,
  body: UpdatePageBody,
  status: 200,
  response: Page,
});

export const deletePage = defineOperation({
  ...base,
  id: "deletePage",
  method: "DELETE",
  path: "/v1/pages/{pageId}",
  scope: "pages:write",
  summary:
    "Move a page to the trash, or delete it for good with `permanent=true`: `page.deleted` either way; it stops being published.",
  params: PageParams,
  query: DeleteQuery,
  status: 200,
  response: deletionOf("page"),
});

export const publishPage = defineOperation({
  ...base,
  id: "publishPage",
  method: "POST",
  path: "/v1/pages/{pageId}/publish",
  scope: "pages:write",
  summary:
    "Publish: readable without a key at `published_url` (`page.published`). Publishing a published page changes nothing.",
  params: PageParams,
  status: 200,
  response: Page,
});

export const unpublishPage = defineOperation({
  ...base,
  id: "unpublishPage",
  method: "POST",
  path: "/v1/pages/{pageId}/unpublish",
  scope: "pages:write",
  summary:
    "Unpublish: the public URL answers 404 from now on (`page.unpublished`); publishing again makes a new URL.",
  params: PageParams,
  status: 200,
  response: Page,
});

export const getPublicPage = defineOperation({
  plane: "regional",
  auth: "none",
  tag: "Public",
  id: "getPublicPage",
  method: "GET",
  path: "/v1/public/pages/{token}",
  summary:
    "A published page, without a key; images through signed, expiring URLs. Unpublished or unknown: 404.",
  params: z.strictObject({ token: z.string() }),
  status: 200,
  response: PublicPage,
});

export const pageOperations = [
  listPages,
  createPage,
  getPage,
  updatePage,
  deletePage,
  publishPage,
  unpublishPage,
];
export const publicPageOperations = [getPublicPage];
