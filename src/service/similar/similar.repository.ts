import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import { inVisibleLibraries } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import { files, fileVersions } from "../db/schema/index.ts";
import { activeFile, type FileRow, fileColumns } from "../files/files.repository.ts";
import type { CallerContext } from "../platform/context.ts";

/** The visual features of a version, or null when it has none (yet). */
export async function featuresOf(db: Db, versionId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ features: fileVersions.features })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  return row?.features ?? null;
}

export type CandidateRow = FileRow & {
  features: NonNullable<(typeof fileVersions.$inferSelect)["features"]>;
};

/** Visible, active files other than `fileId` whose active version has features, newest first, at most `cap`. */
export async function similarityCandidates(
  ctx: CallerContext,
  { fileId, cap }: { fileId: string; cap: number },
): Promise<CandidateRow[]> {
  const rows = await ctx.db
    .select({ ...fileColumns, features: fileVersions.features })
    .from(files)
    .innerJoin(fileVersions, eq(fileVersions.id, files.activeVersionId))
    .where(
      and(
        eq(files.brandspaceId, ctx.auth.brandspace.id),
        await inVisibleLibraries(ctx, files.libraryId),
        activeFile,
        ne(files.id, fileId),
        isNotNull(fileVersions.features),
      ),
    )
    .orderBy(desc(files.createdAt))
    .limit(cap);
  return rows as CandidateRow[];
}
