import { z } from "zod";
import { CreateZipDownloadBody, ZipDownloadUrl } from "../downloads.ts";
import { defineOperation } from "../operation.ts";

export const createZipDownload = defineOperation({
  id: "createZipDownload",
  method: "POST",
  path: "/v1/downloads/zip",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  counters: ["downloads"],
  tag: "Files",
  summary:
    "A 15-minute signed URL of one zip of several files, folders and libraries (their whole active contents), as they are now. Pages are left out; none with bytes: 409. More than 10,000 files: 409.",
  body: CreateZipDownloadBody,
  status: 200,
  response: ZipDownloadUrl,
});

export const getZipDownloadContent = defineOperation({
  id: "getZipDownloadContent",
  method: "GET",
  path: "/v1/download-zips/{zipId}",
  plane: "regional",
  auth: "none",
  tag: "Files",
  summary:
    "The zip of a selection at a signed URL from `createZipDownload`, streamed as it is built (no Range). Bad signature: 404; expired: 410.",
  params: z.strictObject({ zipId: z.string() }),
  query: z.strictObject({ expires: z.string(), signature: z.string() }),
  status: 200,
  response: z.string().meta({ description: "The zip's bytes." }),
});

export const downloadOperations = [createZipDownload, getZipDownloadContent];
