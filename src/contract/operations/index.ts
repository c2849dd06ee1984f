import type { Operation } from "../operation.ts";
import { boardGrantOperations, libraryGrantOperations } from "./access.ts";
import { boardOperations } from "./boards.ts";
import { commentOperations } from "./comments.ts";
import { downloadOperations } from "./downloads.ts";
import { fileOperations, getContent } from "./files.ts";
import { folderOperations } from "./folders.ts";
import { importOperations } from "./imports.ts";
import { libraryOperations } from "./libraries.ts";
import { metaOperations } from "./meta.ts";
import { pageOperations, publicPageOperations } from "./pages.ts";
import { propertyOperations } from "./properties.ts";
import { publicShareOperations, sharedLinkOperations } from "./shared-links.ts";
import { publicTransferOperations, transferOperations } from "./transfers.ts";
import { uploadOperations } from "./uploads.ts";
import { webhookOperations } from "./webhooks.ts";

export * from "./access.ts";
export * from "./boards.ts";
export * from "./comments.ts";
export * from "./downloads.ts";
export * from "./files.ts";
export * from "./folders.ts";
export * from "./imports.ts";
export * from "./libraries.ts";
export * from "./meta.ts";
export * from "./pages.ts";
export * from "./properties.ts";
export * from "./shared-links.ts";
export * from "./transfers.ts";
export * from "./uploads.ts";
export * from "./webhooks.ts";

/** Every operation of the API, in documentation order. */
export const allOperations: Operation[] = [
  ...metaOperations,
  ...libraryOperations,
  ...libraryGrantOperations,
  ...folderOperations,
  ...fileOperations,
  ...propertyOperations,
  ...boardOperations,
  ...boardGrantOperations,
  ...commentOperations,
  ...uploadOperations,
  ...importOperations,
  getContent,
  ...downloadOperations,
  ...pageOperations,
  ...sharedLinkOperations,
  ...transferOperations,
  ...publicShareOperations,
  ...publicTransferOperations,
  ...publicPageOperations,
  ...webhookOperations,
];
