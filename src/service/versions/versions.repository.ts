import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { fileVersions } from "../db/schema/index.ts";

export type VersionRow = typeof fileVersions.$inferSelect;

export async function findVersionById(db: Db, versionId: string): Promise<VersionRow | null> {
  const [row] = await db.select().from(fileVersions).where(eq(fileVersions.id, versionId));
  return row ?? null;
}
