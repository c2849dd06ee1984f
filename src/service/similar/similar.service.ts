import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import { inVisibleLibraries } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import { files, fileVersions } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { requireFile } from "../files/file-access.ts";
import { toFileBase } from "../files/files.mapper.ts";
import { activeFile, type FileRow, fileColumns, renditionsOf } from "../files/files.repository.ts";
import { similarity } from "../media/features.ts";
import type { AuthContext } from "../platform/auth.ts";
import { toPage } from "../platform/cursor.ts";

/** Candidates compared per request; the search module replaces this scan with an index. */
const CANDIDATE_CAP = 50_000;

/** Visible, active files ranked by visual similarity to the file's active version, best first. */
export async function similarFiles(
  db: Db,
  deps: ServiceDeps,
  auth: AuthContext,
  fileId: string,
  page: { limit: number; cursor?: string },
) {
  const file = await requireFile({ db, auth }, fileId, "view");
  const empty = { object: "list" as const, has_more: false, next_cursor: null, data: [] };
  const [own] = await db
    .select({ features: fileVersions.features })
    .from(fileVersions)
    .where(eq(fileVersions.id, file.activeVersionId ?? ""));
  if (!own?.features) return empty;
  const candidates = await db
    .select({ ...fileColumns, features: fileVersions.features })
    .from(files)
    .innerJoin(fileVersions, eq(fileVersions.id, files.activeVersionId))
    .where(
      and(
        eq(files.brandspaceId, auth.brandspace.id),
        await inVisibleLibraries({ db, auth }, files.libraryId),
        activeFile,
        ne(files.id, file.id),
        isNotNull(fileVersions.features),
      ),
    )
    .orderBy(desc(files.createdAt))
    .limit(CANDIDATE_CAP);
  const listing = `similar:${auth.brandspace.id}:${file.id}`;
  const after = page.cursor ? (deps.cursors.decode(listing, page.cursor) as [number, string]) : null;
  // Best first, ties by id, so that a cursor (score, id) resumes exactly where the last page ended.
  const ranked = candidates
    .map((c) => ({ row: c as unknown as FileRow, score: similarity(own.features!, c.features!) }))
    .sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1))
    .filter((r) => !after || r.score < after[0] || (r.score === after[0] && r.row.id > after[1]))
    .slice(0, page.limit + 1);
  const available = await renditionsOf(
    db,
    ranked.flatMap((r) => (r.row.activeVersionId ? [r.row.activeVersionId] : [])),
  );
  return toPage(ranked, page.limit, {
    codec: deps.cursors,
    listing,
    keyOf: (r) => [r.score, r.row.id],
    toItem: (r) => ({
      ...toFileBase({ deps, region: auth.brandspace.region }, r.row, available),
      similarity: Math.min(1, Math.max(0, r.score)),
    }),
  });
}
