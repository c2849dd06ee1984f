import type { Scope } from "../../contract/scopes.ts";
import type { ServiceDeps } from "../deps.ts";
import { createApiKey } from "../keys/keys.service.ts";
import type { SeededBrandspace } from "../seed/demo-seed.ts";

export interface KeyOptions {
  email?: string;
  region?: string | null;
  brandspaceId?: string;
}

/** Mints keys for a test: a demo user (the owner by default) with the given scopes, in region us by default. */
export function keyMaker(deps: ServiceDeps, seed: SeededBrandspace) {
  return async (scopes: Scope[], options: KeyOptions = {}) => {
    const created = await createApiKey(
      { db: deps.db },
      {
        brandspaceId: options.brandspaceId ?? seed.brandspaceId,
        userEmail: options.email ?? seed.users.owner.email,
        name: "test key",
        scopes,
        region: options.region === undefined ? "us" : options.region,
      },
    );
    return created.key;
  };
}
