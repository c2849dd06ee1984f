import { hasPermission } from "../platform/auth.ts";
import type { CallerContext } from "../platform/context.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { hasExpired } from "./transfers.mapper.ts";
import { findTransfer } from "./transfers.repository.ts";

/** A transfer of the caller's (any, with `shared_links.manage`) that still takes files; 404 or 409 otherwise. */
export async function requireOpenTransfer({ db, auth }: CallerContext, transferId: string) {
  const transfer = await findTransfer(db, auth.brandspace.id, transferId);
  if (!transfer || (transfer.createdById !== auth.user.id && !hasPermission(auth, "shared_links.manage")))
    throw notFound("transfer");
  if (hasExpired(transfer)) throw conflict("This transfer has expired.", { status: "expired" });
  if (transfer.status !== "awaiting_uploads")
    throw conflict(
      `This transfer is ${transfer.status}; files can only be added while it is awaiting uploads.`,
      {
        status: transfer.status,
      },
    );
  return transfer;
}
