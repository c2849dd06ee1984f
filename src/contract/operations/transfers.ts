import { z } from "zod";
import { deletionOf, Id, listOf } from "../common.ts";
import { DownloadUrl } from "../files.ts";
import { defineOperation } from "../operation.ts";
import { AccessToken, UnlockBody } from "../sharing.ts";
import {
  AddTransferItemsBody,
  CreateTransferBody,
  PublicTransfer,
  Transfer,
  TransferListQuery,
  UpdateTransferBody,
} from "../transfers.ts";

const TransferParams = z.strictObject({ transferId: z.string() });
const base = { plane: "regional", auth: "key", tag: "Transfers" } as const;

export const listTransfers = defineOperation({
  ...base,
  id: "listTransfers",
  method: "GET",
  path: "/v1/transfers",
  scope: "transfers:read",
  summary: "The key's creator's transfers (every transfer with `transfers.manage_all`), newest first.",
  query: TransferListQuery,
  status: 200,
  response: listOf(Transfer),
});

export const createTransfer = defineOperation({
  ...base,
  id: "createTransfer",
  method: "POST",
  path: "/v1/transfers",
  scope: "transfers:write",
  summary:
    "Start a transfer (`awaiting_uploads`): brandspace files and folders now, new files through uploads with `transfer_id`, then complete. Expires in 7 days by default, at most 30.",
  body: CreateTransferBody,
  status: 201,
  response: Transfer,
});

export const getTransfer = defineOperation({
  ...base,
  id: "getTransfer",
  method: "GET",
  path: "/v1/transfers/{transferId}",
  scope: "transfers:read",
  summary: "A transfer with its files and folders and a fresh `zip_url` when ready.",
  params: TransferParams,
  status: 200,
  response: Transfer,
});

export const updateTransfer = defineOperation({
  ...base,
  id: "updateTransfer",
  method: "PATCH",
  path: "/v1/transfers/{transferId}",
  scope: "transfers:write",
  summary:
    "Change name, message, expiry (at most 30 days from creation) or password of a transfer that has not expired.",
  params: TransferParams,
  body: UpdateTransferBody,
  status: 200,
  response: Transfer,
});

export const addTransferItems = defineOperation({
  ...base,
  id: "addTransferItems",
  method: "POST",
  path: "/v1/transfers/{transferId}/items",
  scope: "transfers:write",
  summary:
    "Add brandspace files and folders (with everything inside) while `awaiting_uploads`; names are made unique inside the transfer.",
  params: TransferParams,
  body: AddTransferItemsBody,
  status: 200,
  response: Transfer,
});

export const completeTransfer = defineOperation({
  ...base,
  id: "completeTransfer",
  method: "POST",
  path: "/v1/transfers/{transferId}/complete",
  scope: "transfers:write",
  summary:
    "Close the transfer and build its zip in the background: `processing`, then `ready` (`transfer.ready`).",
  params: TransferParams,
  status: 202,
  response: Transfer,
});

export const endTransfer = defineOperation({
  ...base,
  id: "endTransfer",
  method: "DELETE",
  path: "/v1/transfers/{transferId}",
  scope: "transfers:write",
  summary:
    "End a transfer early: `expired` (`expired_reason: ended_early`) with `transfer.expired` now and again at nightly cleanup.",
  params: TransferParams,
  status: 200,
  response: deletionOf("transfer"),
});

// ---------------------------------------------------------------------------------------------------------------
// Public

const TokenParams = z.strictObject({ token: z.string() });
const publicBase = { plane: "regional", auth: "none", tag: "Public" } as const;

export const getPublicTransfer = defineOperation({
  ...publicBase,
  id: "getPublicTransfer",
  method: "GET",
  path: "/v1/public/transfers/{token}",
  summary: "What a recipient sees (counts a view). Expired: 410; unknown: 404.",
  params: TokenParams,
  status: 200,
  response: PublicTransfer,
});

export const unlockPublicTransfer = defineOperation({
  ...publicBase,
  id: "unlockPublicTransfer",
  method: "POST",
  path: "/v1/public/transfers/{token}/unlock",
  summary: "Trade the transfer's password for a short-lived access token (throttled like shared links).",
  params: TokenParams,
  body: UnlockBody,
  status: 200,
  response: AccessToken,
});

export const downloadPublicTransferFile = defineOperation({
  ...publicBase,
  id: "downloadPublicTransferFile",
  method: "GET",
  path: "/v1/public/transfers/{token}/files/{entryId}/download",
  summary: "A signed URL of one file of a ready transfer.",
  params: z.strictObject({ token: z.string(), entryId: z.string() }),
  status: 200,
  response: DownloadUrl.extend({
    file_id: Id.meta({ description: "The entry's id inside the transfer." }),
    version_id: Id.nullable().meta({ description: "Always null: a transfer's files have no versions." }),
  }),
});

export const getTransferContent = defineOperation({
  ...publicBase,
  tag: "Transfers",
  id: "getTransferContent",
  method: "GET",
  path: "/v1/transfer-content/{transferId}/{entry}",
  summary:
    "Bytes of a transfer's zip (`entry` = `zip`; counts a download, `transfer.downloaded`) or one of its files, at a signed URL. Supports Range.",
  params: z.strictObject({ transferId: z.string(), entry: z.string() }),
  query: z.strictObject({ expires: z.string(), signature: z.string() }),
  status: 200,
  response: z.string().meta({ description: "The bytes." }),
});

export const transferOperations = [
  listTransfers,
  createTransfer,
  getTransfer,
  updateTransfer,
  addTransferItems,
  completeTransfer,
  endTransfer,
];

export const publicTransferOperations = [
  getPublicTransfer,
  unlockPublicTransfer,
  downloadPublicTransferFile,
  getTransferContent,
];
