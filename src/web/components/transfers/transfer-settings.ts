import { TRANSFER_LIMITS, type Transfer, type UpdateTransferBody } from "../../../contract/transfers.ts";
import { endOfLocalDay, localDayOf } from "../sharing/link-settings.tsx";

const DAY_MS = 86_400_000;

/** The settings the transfer settings dialog edits, as the form holds them. */
export interface TransferSettings {
  name: string;
  message: string;
  /** The last day it is available (`YYYY-MM-DD`, where the user is). */
  expiresOn: string;
  /** "" keeps the current password (or none). */
  password: string;
  removePassword: boolean;
}

export const transferSettingsOf = (transfer: Transfer): TransferSettings => ({
  name: transfer.name,
  message: transfer.message ?? "",
  expiresOn: localDayOf(transfer.expires_at),
  password: "",
  removePassword: false,
});

/**
 * The latest expiry the service takes: 30 days after creation. The last whole day before it, as the date input
 * offers days and a day's expiry is its last second.
 */
export function lastExpiryDay(transfer: Pick<Transfer, "created_at">): string {
  const bound = Date.parse(transfer.created_at) + TRANSFER_LIMITS.maxDays * DAY_MS;
  const day = localDayOf(new Date(bound).toISOString());
  return Date.parse(endOfLocalDay(day)) <= bound ? day : localDayOf(new Date(bound - DAY_MS).toISOString());
}

/** The request for what the form changed; `null` when nothing did. */
export function changesOf(settings: TransferSettings, transfer: Transfer): UpdateTransferBody | null {
  const body: UpdateTransferBody = {};
  const name = settings.name.trim();
  if (name !== transfer.name) body.name = name;
  const message = settings.message.trim() || null;
  if (message !== transfer.message) body.message = message;
  if (settings.expiresOn !== localDayOf(transfer.expires_at))
    body.expires_at = endOfLocalDay(settings.expiresOn);
  if (settings.password) body.password = settings.password;
  else if (settings.removePassword) body.password = null;
  return Object.keys(body).length > 0 ? body : null;
}
