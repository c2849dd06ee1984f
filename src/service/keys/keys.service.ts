import type { Scope } from "../../contract/scopes.ts";
import { mintApiKey } from "../platform/api-keys.ts";
import { announceAuthChange, invalidateAuthCache } from "../platform/auth-cache.ts";
import type { SystemContext } from "../platform/context.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import * as repo from "./keys.repository.ts";

/** Keys are managed by operators (the admin command line, the seed), with no caller and only the database. */
export type KeysContext = Pick<SystemContext, "db">;

export interface CreateKeyInput {
  brandspaceId: string;
  userEmail: string;
  name: string;
  scopes: Scope[];
  /** The region segment to mint; null mints a legacy key (`bsk_<secret>`, meaning `us`). */
  region: string | null;
}

/** Creates a key acting as a member of the brandspace. The plain key is returned once and never stored. */
export async function createApiKey({ db }: KeysContext, input: CreateKeyInput) {
  const userId = await repo.findMemberUserId(db, input.brandspaceId, input.userEmail);
  if (!userId) throw notFound("member", { email: input.userEmail });
  if (input.scopes.length === 0) {
    throw new ApiError("validation_error", "A key needs at least one scope.", {
      errors: [{ param: "scopes", message: "must not be empty" }],
    });
  }
  const minted = mintApiKey(input.region);
  const id = newId("apiKey");
  await repo.insertApiKey(db, {
    id,
    brandspaceId: input.brandspaceId,
    userId,
    name: input.name,
    lookup: minted.lookup,
    secretHash: minted.hash,
    region: input.region,
    scopes: input.scopes,
  });
  return { id, key: minted.key, prefix: minted.prefix };
}

export function listApiKeys({ db }: KeysContext, { brandspaceId }: { brandspaceId: string }) {
  return repo.listKeyRows(db, brandspaceId);
}

/** Revokes a key at once: the next request with it answers 401. */
export async function revokeApiKey(
  { db }: KeysContext,
  { brandspaceId, keyId }: { brandspaceId: string; keyId: string },
) {
  const row = await repo.revokeKeyRow(db, brandspaceId, keyId);
  if (!row) throw notFound("active API key", { id: keyId });
  invalidateAuthCache();
  await announceAuthChange(db);
  return row;
}
