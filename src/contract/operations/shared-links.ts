import { z } from "zod";
import { deletionOf, listOf, PaginationQuery } from "../common.ts";
import { DownloadUrl } from "../files.ts";
import { defineOperation } from "../operation.ts";
import {
  AccessToken,
  AnonymousCommentBody,
  CreateSharedLinkBody,
  PublicComment,
  PublicDownloadQuery,
  PublicFile,
  PublicFileListQuery,
  PublicFolder,
  PublicFolderListQuery,
  PublicReply,
  PublicShare,
  SharedLink,
  SharedLinkListQuery,
  ShareZipUrl,
  UnlockBody,
  UpdateSharedLinkBody,
} from "../sharing.ts";

const LinkParams = z.strictObject({ linkId: z.string() });
const base = { plane: "regional", auth: "key", tag: "Shared links" } as const;

export const listSharedLinks = defineOperation({
  ...base,
  id: "listSharedLinks",
  method: "GET",
  path: "/v1/shared-links",
  scope: "shared_links:read",
  summary:
    "The brandspace's shared links of folders, boards and libraries the key can see, newest first; file-scoped links are listed per file.",
  query: SharedLinkListQuery,
  status: 200,
  response: listOf(SharedLink),
});

export const createSharedLink = defineOperation({
  ...base,
  id: "createSharedLink",
  method: "POST",
  path: "/v1/shared-links",
  scope: "shared_links:write",
  summary: "Share a file, folder, board or library with visitors who have no key.",
  body: CreateSharedLinkBody,
  status: 201,
  response: SharedLink,
});

export const getSharedLink = defineOperation({
  ...base,
  id: "getSharedLink",
  method: "GET",
  path: "/v1/shared-links/{linkId}",
  scope: "shared_links:read",
  summary: "One shared link.",
  params: LinkParams,
  status: 200,
  response: SharedLink,
});

export const updateSharedLink = defineOperation({
  ...base,
  id: "updateSharedLink",
  method: "PATCH",
  path: "/v1/shared-links/{linkId}",
  scope: "shared_links:write",
  summary:
    "Change a link's settings; only sent fields change; `password: null` and `expires_at: null` remove them.",
  params: LinkParams,
  body: UpdateSharedLinkBody,
  status: 200,
  response: SharedLink,
});

export const deleteSharedLink = defineOperation({
  ...base,
  id: "deleteSharedLink",
  method: "DELETE",
  path: "/v1/shared-links/{linkId}",
  scope: "shared_links:write",
  summary: "Revoke a link: its URL answers 404 from now on, for good.",
  params: LinkParams,
  status: 200,
  response: deletionOf("shared_link"),
});

export const listFileSharedLinks = defineOperation({
  ...base,
  id: "listFileSharedLinks",
  method: "GET",
  path: "/v1/files/{fileId}/shared-links",
  scope: "shared_links:read",
  summary: "A file's own shared links, newest first.",
  params: z.strictObject({ fileId: z.string() }),
  query: PaginationQuery,
  status: 200,
  response: listOf(SharedLink),
});

// ---------------------------------------------------------------------------------------------------------------
// Public: no key; a token from the link's URL, and an access token once a password is given

const TokenParams = z.strictObject({ token: z.string() });
const TokenFileParams = z.strictObject({ token: z.string(), fileId: z.string() });
const TokenCommentParams = TokenFileParams.extend({ commentId: z.string() });
const publicBase = { plane: "regional", auth: "none", tag: "Public" } as const;

export const getPublicShare = defineOperation({
  ...publicBase,
  id: "getPublicShare",
  method: "GET",
  path: "/v1/public/shared-links/{token}",
  summary:
    "What a shared link opens (counts a view). Expired: 410; revoked or unknown: 404. With a password and no `X-Access-Token`, `password_required` is true and the content calls answer 401.",
  params: TokenParams,
  status: 200,
  response: PublicShare,
});

export const unlockPublicShare = defineOperation({
  ...publicBase,
  id: "unlockPublicShare",
  method: "POST",
  path: "/v1/public/shared-links/{token}/unlock",
  summary:
    "Trade the link's password for a short-lived access token. Wrong passwords are throttled per link and per client (429 with `Retry-After`).",
  params: TokenParams,
  body: UnlockBody,
  status: 200,
  response: AccessToken,
});

export const listPublicShareFolders = defineOperation({
  ...publicBase,
  id: "listPublicShareFolders",
  method: "GET",
  path: "/v1/public/shared-links/{token}/folders",
  summary: "Folders inside a shared folder or library: the top of the share, or `folder_id`'s children.",
  params: TokenParams,
  query: PublicFolderListQuery,
  status: 200,
  response: listOf(PublicFolder),
});

export const listPublicShareFiles = defineOperation({
  ...publicBase,
  id: "listPublicShareFiles",
  method: "GET",
  path: "/v1/public/shared-links/{token}/files",
  summary:
    "Files of the share: the shared file, the board's files, or a folder's files (`folder_id` inside the share).",
  params: TokenParams,
  query: PublicFileListQuery,
  status: 200,
  response: listOf(PublicFile),
});

export const getPublicShareFile = defineOperation({
  ...publicBase,
  id: "getPublicShareFile",
  method: "GET",
  path: "/v1/public/shared-links/{token}/files/{fileId}",
  summary: "One file of the share, with versions and properties when the link shows them.",
  params: TokenFileParams,
  status: 200,
  response: PublicFile,
});

export const downloadPublicShareFile = defineOperation({
  ...publicBase,
  id: "downloadPublicShareFile",
  method: "GET",
  path: "/v1/public/shared-links/{token}/files/{fileId}/download",
  summary:
    "A signed URL of the original (or `version_id` when the link shows versions); only for `download` access.",
  params: TokenFileParams,
  query: PublicDownloadQuery,
  status: 200,
  response: DownloadUrl,
});

export const downloadPublicShare = defineOperation({
  ...publicBase,
  id: "downloadPublicShare",
  method: "GET",
  path: "/v1/public/shared-links/{token}/download",
  summary:
    "A 15-minute signed URL of a zip of everything a folder, library or board share shows; only for `download` access (403 otherwise). A file share: 409 (download the file itself). More than 10,000 files: 409.",
  params: TokenParams,
  status: 200,
  response: ShareZipUrl,
});

export const getShareZipContent = defineOperation({
  ...publicBase,
  id: "getShareZipContent",
  method: "GET",
  path: "/v1/shared-link-content/{linkId}/zip",
  summary:
    "The zip of a shared link's content at a signed URL, streamed as it is built (no Range). Revoked: 404; expired: 410.",
  params: LinkParams,
  query: z.strictObject({ expires: z.string(), signature: z.string() }),
  status: 200,
  response: z.string().meta({ description: "The zip's bytes." }),
});

export const getShareFileContent = defineOperation({
  ...publicBase,
  id: "getShareFileContent",
  method: "GET",
  path: "/v1/shared-link-content/{linkId}/files/{fileId}/{versionId}",
  summary:
    "A shared file's bytes at the signed URL its download answered. The link is read again at each request: revoked, or the file no longer in it: 404; expired: 410; no longer `download` access: 403. Supports Range and ETag.",
  params: z.strictObject({ linkId: z.string(), fileId: z.string(), versionId: z.string() }),
  query: z.strictObject({ expires: z.string(), signature: z.string() }),
  status: 200,
  response: z.string().meta({ description: "The bytes." }),
});

export const getShareRenditionContent = defineOperation({
  ...publicBase,
  id: "getShareRenditionContent",
  method: "GET",
  path: "/v1/shared-link-content/{linkId}/files/{fileId}/{versionId}/{variant}",
  summary:
    "A shared file's thumbnail, preview or scrub strip at the signed URL of its public file's `*_url` fields. The link is read again at each request: revoked, or the file (or an older version, once the link stops showing versions) no longer in it: 404; expired: 410. Supports Range and ETag.",
  params: z.strictObject({
    linkId: z.string(),
    fileId: z.string(),
    versionId: z.string(),
    variant: z.enum(["thumbnail", "preview", "scrub"]),
  }),
  query: z.strictObject({ expires: z.string(), signature: z.string() }),
  status: 200,
  response: z.string().meta({ description: "The bytes." }),
});

export const listPublicShareComments = defineOperation({
  ...publicBase,
  id: "listPublicShareComments",
  method: "GET",
  path: "/v1/public/shared-links/{token}/files/{fileId}/comments",
  summary: "A file's comments, oldest first; for links with `comment` or `download` access.",
  params: TokenFileParams,
  query: PaginationQuery,
  status: 200,
  response: listOf(PublicComment),
});

export const createPublicShareComment = defineOperation({
  ...publicBase,
  id: "createPublicShareComment",
  method: "POST",
  path: "/v1/public/shared-links/{token}/files/{fileId}/comments",
  summary: "An anonymous visitor's comment (actor `anonymous`); for links that allow anonymous comments.",
  params: TokenFileParams,
  body: AnonymousCommentBody,
  status: 201,
  response: PublicComment,
});

export const listPublicShareReplies = defineOperation({
  ...publicBase,
  id: "listPublicShareReplies",
  method: "GET",
  path: "/v1/public/shared-links/{token}/files/{fileId}/comments/{commentId}/replies",
  summary: "A comment's replies, oldest first; wherever the link shows the file's comments.",
  params: TokenCommentParams,
  query: PaginationQuery,
  status: 200,
  response: listOf(PublicReply),
});

export const sharedLinkOperations = [
  listSharedLinks,
  createSharedLink,
  getSharedLink,
  updateSharedLink,
  deleteSharedLink,
  listFileSharedLinks,
];

export const publicShareOperations = [
  getPublicShare,
  unlockPublicShare,
  listPublicShareFolders,
  listPublicShareFiles,
  getPublicShareFile,
  downloadPublicShareFile,
  getShareFileContent,
  getShareRenditionContent,
  downloadPublicShare,
  getShareZipContent,
  listPublicShareComments,
  createPublicShareComment,
  listPublicShareReplies,
];
