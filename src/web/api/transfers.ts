import {
  addTransferItems,
  completeTransfer,
  createTransfer,
  endTransfer,
  getTransfer,
  listTransfers,
  updateTransfer,
} from "../../contract/operations/transfers.ts";
import type { Transfer } from "../../contract/transfers.ts";
import { apiQuery, apiQueryAll, useApiMutation } from "./query.ts";

const building = (t: Pick<Transfer, "status">) => t.status === "processing";

/** Every transfer, newest first; polled every 2 s while one is building its zip, so its status goes live. */
export const transfersQuery = () => ({
  ...apiQueryAll(listTransfers),
  refetchInterval: (query: { state: { data?: Transfer[] } }) =>
    query.state.data?.some(building) ? 2_000 : false,
});

export const transferQuery = (transferId: string) => ({
  ...apiQuery(getTransfer, { params: { transferId } }),
  refetchInterval: (query: { state: { data?: Transfer } }) =>
    query.state.data && building(query.state.data) ? 1_000 : false,
});

const TRANSFER_READS = [listTransfers, getTransfer];

export const useCreateTransfer = () => useApiMutation(createTransfer, { invalidates: TRANSFER_READS });
export const useAddTransferItems = () => useApiMutation(addTransferItems, { invalidates: TRANSFER_READS });
export const useCompleteTransfer = () => useApiMutation(completeTransfer, { invalidates: TRANSFER_READS });
export const useUpdateTransfer = () => useApiMutation(updateTransfer, { invalidates: TRANSFER_READS });
export const useEndTransfer = () => useApiMutation(endTransfer, { invalidates: TRANSFER_READS });
