import { z } from "zod";
import { CreateImportBody, ImportRecord } from "../imports.ts";
import { defineOperation } from "../operation.ts";

const base = { plane: "regional", auth: "key", tag: "Imports" } as const;

export const createImport = defineOperation({
  ...base,
  id: "createImport",
  method: "POST",
  path: "/v1/files/import",
  scope: "files:write",
  counters: ["uploads"],
  summary:
    "Download a public http(s) URL into a library or folder, in the background: 202 with the import record to poll. At most 2 run at once per brandspace; the rest wait in order.",
  body: CreateImportBody,
  status: 202,
  response: ImportRecord,
});

export const getImport = defineOperation({
  ...base,
  id: "getImport",
  method: "GET",
  path: "/v1/imports/{importId}",
  scope: "files:read",
  summary: "An import: its status, bytes received, and the file or the error it ended with.",
  params: z.strictObject({ importId: z.string() }),
  status: 200,
  response: ImportRecord,
});

export const importOperations = [createImport, getImport];
