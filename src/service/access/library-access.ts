import { and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { libraries, libraryGrants } from "../db/schema/index.ts";
import { hasPermission } from "../platform/auth.ts";
import type { CallerContext } from "../platform/context.ts";
import { forbidden, notFound } from "../platform/errors.ts";

export type Access = "view" | "comment" | "edit" | "manage";
const RANK: Record<Access, number> = { view: 0, comment: 1, edit: 2, manage: 3 };

/** `libraries.manage_all` sees every library of the brandspace; anyone else only the libraries granted to them. */
export function visibleLibraries({ db, auth }: CallerContext): SQL {
  const inBrandspace = eq(libraries.brandspaceId, auth.brandspace.id);
  if (hasPermission(auth, "libraries.manage_all")) return inBrandspace;
  const granted = db
    .select({ one: sql`1` })
    .from(libraryGrants)
    .where(and(eq(libraryGrants.libraryId, libraries.id), eq(libraryGrants.userId, auth.user.id)));
  return and(inBrandspace, exists(granted))!;
}

/** The caller's access to one library, or null when it cannot see it (which callers answer as 404). */
export async function libraryAccess({ db, auth }: CallerContext, libraryId: string): Promise<Access | null> {
  const [row] = await db
    .select({ access: libraryGrants.access, id: libraries.id })
    .from(libraries)
    .leftJoin(
      libraryGrants,
      and(eq(libraryGrants.libraryId, libraries.id), eq(libraryGrants.userId, auth.user.id)),
    )
    .where(and(eq(libraries.id, libraryId), eq(libraries.brandspaceId, auth.brandspace.id)));
  if (!row) return null;
  if (hasPermission(auth, "libraries.manage_all")) return "manage";
  return row.access ?? null;
}

/**
 * The library a new file goes to when its request names none: the caller's oldest library it can add files to
 * (edit or manage access), or null when it has none.
 */
export async function oldestEditableLibrary({ db, auth }: CallerContext): Promise<string | null> {
  const inBrandspace = eq(libraries.brandspaceId, auth.brandspace.id);
  const oldestFirst = [libraries.createdAt, libraries.id] as const;
  const [row] = hasPermission(auth, "libraries.manage_all")
    ? await db
        .select({ id: libraries.id })
        .from(libraries)
        .where(inBrandspace)
        .orderBy(...oldestFirst)
        .limit(1)
    : await db
        .select({ id: libraries.id })
        .from(libraries)
        .innerJoin(
          libraryGrants,
          and(eq(libraryGrants.libraryId, libraries.id), eq(libraryGrants.userId, auth.user.id)),
        )
        .where(and(inBrandspace, inArray(libraryGrants.access, ["edit", "manage"])))
        .orderBy(...oldestFirst)
        .limit(1);
  return row?.id ?? null;
}

/** 404 when invisible, 403 when visible but below the access the action needs. */
export async function requireLibraryAccess(ctx: CallerContext, libraryId: string, needed: Access) {
  const access = await libraryAccess(ctx, libraryId);
  if (!access) throw notFound("library");
  if (RANK[access] < RANK[needed])
    throw forbidden(`This needs ${needed} access to the library; you have ${access}.`);
  return access;
}

/**
 * A `library_id` column (or a subquery's column, as SQL) kept to the caller's libraries: with `libraries.manage_all`
 * no condition (the brandspace condition suffices); anyone else gets the literal list of the libraries granted to
 * them (at one of `levels`, when given; `false` when none), which keeps the planner on the listing indexes where a
 * subquery would make it guess.
 */
async function inGrantedLibraries(
  { db, auth }: CallerContext,
  column: AnyPgColumn | SQL,
  levels?: Access[],
): Promise<SQL | undefined> {
  if (hasPermission(auth, "libraries.manage_all")) return undefined;
  const granted = await db
    .select({ id: libraries.id })
    .from(libraries)
    .innerJoin(
      libraryGrants,
      and(eq(libraryGrants.libraryId, libraries.id), eq(libraryGrants.userId, auth.user.id)),
    )
    .where(
      and(
        eq(libraries.brandspaceId, auth.brandspace.id),
        levels ? inArray(libraryGrants.access, levels) : undefined,
      ),
    );
  return granted.length > 0
    ? inArray(
        sql`${column}`,
        granted.map((g) => g.id),
      )
    : sql`false`;
}

/** Rows of the libraries the caller can see (see `inGrantedLibraries`). */
export const inVisibleLibraries = (ctx: CallerContext, column: AnyPgColumn | SQL) =>
  inGrantedLibraries(ctx, column);

/** Rows of the libraries whose files the caller can change: edit or manage access. */
export const inEditableLibraries = (ctx: CallerContext, column: AnyPgColumn | SQL) =>
  inGrantedLibraries(ctx, column, ["edit", "manage"]);
