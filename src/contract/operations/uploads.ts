import { z } from "zod";
import { deletionOf } from "../common.ts";
import { File, Version } from "../files.ts";
import { defineOperation } from "../operation.ts";
import { TransferFile } from "../transfers.ts";
import { CompleteUploadBody, CreateUploadBody, Upload, UploadPart } from "../uploads.ts";

const UploadParams = z.strictObject({ uploadId: z.string() });
const SignedQuery = z.strictObject({
  expires: z.string().meta({ description: "Unix seconds; part of the signed URL." }),
  signature: z.string().meta({ description: "HMAC of the URL; part of the signed URL." }),
});

export const createUpload = defineOperation({
  id: "createUpload",
  method: "POST",
  path: "/v1/uploads",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  counters: ["uploads"],
  tag: "Uploads",
  summary: "Start an upload: single PUT up to 100 MiB, multipart beyond (parts of 8–64 MiB, up to 10,000).",
  body: CreateUploadBody,
  status: 201,
  response: Upload,
});

export const getUpload = defineOperation({
  id: "getUpload",
  method: "GET",
  path: "/v1/uploads/{uploadId}",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  tag: "Uploads",
  summary: "An upload with the parts received so far (to resume).",
  params: UploadParams,
  status: 200,
  response: Upload,
});

export const putUploadContent = defineOperation({
  id: "putUploadContent",
  method: "PUT",
  path: "/v1/uploads/{uploadId}/content",
  plane: "regional",
  auth: "none",
  tag: "Uploads",
  summary: "The bytes of a single-PUT upload, at its signed `upload_url` (no API key).",
  params: UploadParams,
  query: SignedQuery,
  bodyKind: "binary",
  status: 200,
  response: UploadPart,
});

export const putUploadPart = defineOperation({
  id: "putUploadPart",
  method: "PUT",
  path: "/v1/uploads/{uploadId}/parts/{partNumber}",
  plane: "regional",
  auth: "none",
  tag: "Uploads",
  summary:
    "The bytes of one part of a multipart upload, at its signed URL (no API key). Re-sending a part replaces it.",
  params: z.strictObject({ uploadId: z.string(), partNumber: z.string() }),
  query: SignedQuery,
  bodyKind: "binary",
  status: 200,
  response: UploadPart,
});

export const completeUpload = defineOperation({
  id: "completeUpload",
  method: "POST",
  path: "/v1/uploads/{uploadId}/complete",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Uploads",
  summary:
    "Finish an upload: 201 with the new File, the new Version when the upload named a `file_id`, or the transfer's new file when it named a `transfer_id`.",
  params: UploadParams,
  body: CompleteUploadBody,
  status: 201,
  response: z.union([File, Version, TransferFile]),
});

export const abortUpload = defineOperation({
  id: "abortUpload",
  method: "DELETE",
  path: "/v1/uploads/{uploadId}",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Uploads",
  summary: "Abort an upload and discard its bytes.",
  params: UploadParams,
  status: 200,
  response: deletionOf("upload"),
});

export const uploadOperations = [
  createUpload,
  getUpload,
  putUploadContent,
  putUploadPart,
  completeUpload,
  abortUpload,
];
