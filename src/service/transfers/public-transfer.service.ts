import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { DOWNLOAD_TTL_MS } from "../downloads/downloads.service.ts";
import { serveContent } from "../downloads/serve-content.ts";
import { findBrandspace } from "../members/members.repository.ts";
import { ApiError, conflict, notFound } from "../platform/errors.ts";
import { actors } from "../platform/outbox.ts";
import { consumeCounters, exceeded } from "../platform/rate-limits.ts";
import { inTransaction } from "../platform/retry-transaction.ts";
import { verifySignedPath } from "../platform/signed-urls.ts";
import { claimPasswordAttempt } from "../sharing/password-throttle.ts";
import { verifyPassword } from "../sharing/passwords.ts";
import {
  accessTokenValid,
  issueAccessToken,
  passwordRequired,
  visitorUnauthorized,
} from "../sharing/public-tokens.ts";
import { transferContentPath, transferContentUrl } from "./transfer-urls.ts";
import { hasExpired, toFileEntry, toFolderEntry, zipAvailable } from "./transfers.mapper.ts";
import * as repo from "./transfers.repository.ts";
import { emitTransfer } from "./transfers.service.ts";

export interface TransferVisit {
  deps: ServiceDeps;
  db: Db;
  token: string;
  accessToken?: string;
}

const expiredError = () => new ApiError("expired", "This transfer has expired.");

/** Unknown: 404. Expired (by date, ended early or failed): 410. */
async function openTransfer({ deps, db, token, accessToken }: TransferVisit) {
  const transfer = await repo.findTransferByToken(db, token.slice(0, 100));
  if (!transfer) throw new ApiError("not_found", "This transfer does not exist.");
  if (hasExpired(transfer)) throw expiredError();
  const unlocked =
    !transfer.passwordHash ||
    accessTokenValid(deps.keyring.key("public-token"), transfer.id, transfer.passwordHash, accessToken);
  return { transfer, unlocked };
}

export async function getPublicTransfer(visit: TransferVisit & { countsView: boolean }) {
  const { transfer, unlocked } = await openTransfer(visit);
  // A view is an opening that shows the content: the password prompt before it does not count.
  if (unlocked && visit.countsView) await repo.countView(visit.db, transfer.id);
  // A transfer is a snapshot: it outlives its creator's membership, and still names its brandspace.
  const brandspace = (await findBrandspace(visit.db, transfer.brandspaceId))!;
  const [files, folders] = unlocked
    ? await Promise.all([repo.filesOf(visit.db, [transfer.id]), repo.foldersOf(visit.db, [transfer.id])])
    : [[], []];
  const region = brandspace.region;
  return {
    object: "public_transfer" as const,
    brandspace_name: brandspace.name,
    password_required: !unlocked,
    name: transfer.name,
    message: unlocked ? transfer.message : null,
    status: transfer.status,
    size: transfer.size,
    file_count: transfer.fileCount,
    folder_count: transfer.folderCount,
    expires_at: transfer.expiresAt.toISOString(),
    zip_url:
      unlocked && zipAvailable(transfer)
        ? transferContentUrl(visit.deps, region, transfer.id, "zip").url
        : null,
    files: files.map(toFileEntry),
    folders: folders.map(toFolderEntry),
  };
}

export async function unlockTransfer(visit: TransferVisit & { password: string; client: string }) {
  const { transfer } = await openTransfer(visit);
  if (!transfer.passwordHash) throw conflict("This transfer has no password: open it without unlocking.");
  const attempt = await claimPasswordAttempt(visit.db, transfer.id, visit.client);
  if (!(await verifyPassword(visit.password, transfer.passwordHash))) {
    throw visitorUnauthorized("That password is not right.");
  }
  await attempt.release();
  return issueAccessToken(visit.deps.keyring.key("public-token"), transfer.id, transfer.passwordHash);
}

/** A signed URL of one file of a ready transfer. */
export async function downloadTransferFile(visit: TransferVisit & { entryId: string }) {
  const { transfer, unlocked } = await openTransfer(visit);
  if (!unlocked) throw passwordRequired();
  const entry = await repo.findTransferFile(visit.db, transfer.id, visit.entryId.slice(0, 100));
  if (!entry) throw notFound("file");
  if (transfer.status !== "ready") throw conflict("This transfer is not ready yet.");
  const { region } = (await findBrandspace(visit.db, transfer.brandspaceId))!;
  const { url, expiresAt } = transferContentUrl(
    visit.deps,
    region,
    transfer.id,
    entry.id,
    // One file's URL lives as a file's download URL does.
    DOWNLOAD_TTL_MS,
  );
  return {
    object: "download_url" as const,
    url,
    expires_at: expiresAt.toISOString(),
    file_id: entry.id,
    version_id: null,
    name: entry.name,
    size: entry.size,
    mime: entry.mime,
  };
}

/**
 * Serves the zip or one file at a signed URL. A download that starts at the first byte counts once on the
 * transfer (`transfer.downloaded`, actor anonymous) and on the brandspace's `downloads` counter; resumed ranges
 * do not count again.
 */
export async function serveTransferContent(
  { deps }: { deps: ServiceDeps },
  params: { transferId: string; entry: string; expires: string; signature: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  verifySignedPath(
    deps.keyring.key("download"),
    transferContentPath(params.transferId, params.entry),
    params,
  );
  const transfer = await repo.findTransferById(deps.db, params.transferId);
  if (!transfer) throw notFound("transfer");
  if (hasExpired(transfer)) throw expiredError();
  const content =
    params.entry === "zip"
      ? zipAvailable(transfer)
        ? {
            sha256: transfer.zipSha256!,
            size: transfer.zipSize!,
            mime: "application/zip",
            fileName: `${transfer.name}.zip`,
          }
        : null
      : await repo
          .findTransferFile(deps.db, transfer.id, params.entry)
          .then((e) => (e ? { sha256: e.blobSha256, size: e.size, mime: e.mime, fileName: e.name } : null));
  if (!content) throw notFound("content");
  const range = request.headers.range;
  const fromStart = !range || /^bytes=0-/.test(range);
  if (fromStart && request.method === "GET" && request.headers["if-none-match"] === undefined) {
    const over = exceeded(
      await consumeCounters(deps.rateCounters, transfer.brandspaceId, ["downloads"], deps.config.rateLimits),
    );
    if (over) throw over;
    await inTransaction(deps.db, async (tx) => {
      const counted = await repo.countDownload(tx, transfer.id);
      await emitTransfer(tx, "transfer.downloaded", actors.anonymous(), counted);
    });
  }
  await serveContent(
    deps.blobs,
    { ...content, expiresAt: new Date(Number(params.expires) * 1000) },
    request,
    reply,
  );
}
