import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Permission } from "../../contract/permissions.ts";
import { type Scope, scopeSatisfied } from "../../contract/scopes.ts";
import type { Db } from "../db/client.ts";
import { apiKeys, brandspaces, members, roles, users } from "../db/schema/index.ts";
import { hashApiKey, LEGACY_REGION, lookupOf, type ParsedKey, parseApiKey } from "./api-keys.ts";
import { resolveAuth } from "./auth-cache.ts";
import { ApiError, forbidden } from "./errors.ts";
import { safeEqual } from "./secrets.ts";

/** Who is calling: the key, its brandspace, and the creator it acts as. */
export interface AuthContext {
  key: {
    id: string;
    name: string;
    prefix: string;
    /** The region the key names; `us` for a legacy key. */
    region: string;
    scopes: string[];
    createdAt: Date;
    lastUsedAt: Date | null;
  };
  brandspace: { id: string; name: string; region: string; plan: string; createdAt: Date };
  user: { id: string; name: string; email: string };
  role: { id: string; slug: string; name: string; permissions: string[] };
}

const unauthorized = (message: string) =>
  new ApiError("unauthorized", message, null, { "WWW-Authenticate": "Bearer" });

// last_used_at is a hint, not an audit log: writing it on every request would double the write load.
const LAST_USED_GRANULARITY = sql`interval '60 seconds'`;

/** Resolves `Authorization: Bearer <key>`; throws 401 for a missing, malformed, unknown or revoked key. */
/**
 * The request's Authorization header. Several are refused: Node keeps the first, so which key acted would depend
 * on their order.
 */
export function singleAuthorization(rawHeaders: string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() !== "authorization") continue;
    if (found !== undefined) throw unauthorized("Send one Authorization header: this request has several.");
    found = rawHeaders[i + 1]!;
  }
  return found;
}

export async function authenticate(db: Db, authorization: string | undefined): Promise<AuthContext> {
  if (!authorization) throw unauthorized("Send an API key as `Authorization: Bearer <key>`.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  const parsed = match ? parseApiKey(match[1]!) : null;
  if (!parsed) throw unauthorized("The Authorization header does not carry a well-formed API key.");
  const token = match![1]!;
  const tokenHash = hashApiKey(token);
  return resolveAuth(tokenHash, () => lookUpKey(db, { token, tokenHash, ...parsed }));
}

async function lookUpKey(
  db: Db,
  parsed: ParsedKey & { token: string; tokenHash: string },
): Promise<AuthContext> {
  const { token, tokenHash } = parsed;
  const candidates = await db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      secretHash: apiKeys.secretHash,
      keyRegion: apiKeys.region,
      scopes: apiKeys.scopes,
      keyCreatedAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      brandspaceId: brandspaces.id,
      brandspaceName: brandspaces.name,
      brandspaceRegion: brandspaces.region,
      plan: brandspaces.plan,
      brandspaceCreatedAt: brandspaces.createdAt,
      userId: users.id,
      userName: users.name,
      email: users.email,
      roleId: roles.id,
      roleSlug: roles.slug,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(apiKeys)
    .innerJoin(brandspaces, eq(brandspaces.id, apiKeys.brandspaceId))
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(
      members,
      and(
        eq(members.brandspaceId, apiKeys.brandspaceId),
        eq(members.userId, apiKeys.userId),
        eq(members.status, "active"),
      ),
    )
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(apiKeys.lookup, lookupOf(parsed.secret)), isNull(apiKeys.revokedAt)));
  const hash = Buffer.from(tokenHash);
  // Compare every candidate in constant time rather than trusting the indexed lookup alone.
  const row = candidates.find(
    (c) => safeEqual(Buffer.from(c.secretHash), hash) && (c.keyRegion ?? null) === parsed.region,
  );
  if (!row) throw unauthorized("The API key is unknown or has been revoked.");
  const touchedAt = await touchKey(db, row.keyId);
  const auth: AuthContext = {
    key: {
      id: row.keyId,
      name: row.keyName,
      prefix: token.slice(0, token.length - parsed.secret.length + 8),
      region: row.keyRegion ?? LEGACY_REGION,
      scopes: row.scopes,
      createdAt: row.keyCreatedAt,
      lastUsedAt: touchedAt ?? row.lastUsedAt,
    },
    brandspace: {
      id: row.brandspaceId,
      name: row.brandspaceName,
      region: row.brandspaceRegion,
      plan: row.plan,
      createdAt: row.brandspaceCreatedAt,
    },
    user: { id: row.userId, name: row.userName, email: row.email },
    role: { id: row.roleId, slug: row.roleSlug, name: row.roleName, permissions: row.permissions },
  };
  return auth;
}

async function touchKey(db: Db, keyId: string): Promise<Date | null> {
  const [touched] = await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${LAST_USED_GRANULARITY}`)),
      ),
    )
    .returning({ lastUsedAt: apiKeys.lastUsedAt });
  return touched?.lastUsedAt ?? null;
}

export function hasPermission(auth: AuthContext, permission: string): boolean {
  return auth.role.permissions.includes(permission);
}

/** 403 `insufficient_scope` naming the scope when the key lacks it (the route's, or one more a request needs). */
export function requireScope(auth: AuthContext, scope: Scope, what = "This operation"): void {
  if (!scopeSatisfied(auth.key.scopes, scope))
    throw new ApiError("insufficient_scope", `${what} needs the ${scope} scope.`, { required_scope: scope });
}

/** For an item the caller can see: a role without `permission` gets `403 forbidden` saying what it cannot do. */
export function requirePermission(auth: AuthContext, permission: Permission, cannot: string): void {
  if (!hasPermission(auth, permission)) throw forbidden(`Your role cannot ${cannot}.`);
}
