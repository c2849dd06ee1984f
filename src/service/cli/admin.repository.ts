import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { brandspaces, roles } from "../db/schema/index.ts";

export type BrandspaceRow = Pick<typeof brandspaces.$inferSelect, "id" | "name" | "region">;

/** A handful is enough to name the choices when none was picked; an installation rarely has more. */
export async function listBrandspaces(db: Db, limit = 20): Promise<BrandspaceRow[]> {
  return db
    .select({ id: brandspaces.id, name: brandspaces.name, region: brandspaces.region })
    .from(brandspaces)
    .orderBy(asc(brandspaces.createdAt), asc(brandspaces.id))
    .limit(limit);
}

export async function findBrandspace(db: Db, id: string): Promise<BrandspaceRow | null> {
  const [row] = await db
    .select({ id: brandspaces.id, name: brandspaces.name, region: brandspaces.region })
    .from(brandspaces)
    .where(eq(brandspaces.id, id));
  return row ?? null;
}

export async function listRoleSlugs(db: Db, brandspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ slug: roles.slug })
    .from(roles)
    .where(eq(roles.brandspaceId, brandspaceId))
    .orderBy(asc(roles.position), asc(roles.id));
  return rows.map((r) => r.slug);
}
