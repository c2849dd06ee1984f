import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sharedLinks } from "../db/schema/index.ts";
import { actors, emit } from "../platform/outbox.ts";
import { sharedLinkEventData } from "./shared-links.mapper.ts";
import type { TargetType } from "./shared-links.repository.ts";

/**
 * Revokes the links to items deleted for good (a board, a library and what it held, a folder's subtree, a file),
 * each with `shared_link.deleted` by the system (the specification's actor for cascades): a link never outlives
 * its target silently, and an integration that mirrors links learns it is gone. Call in the deletion's
 * transaction.
 */
export async function revokeLinksOfDeleted(
  db: Db,
  brandspaceId: string,
  targets: Partial<Record<TargetType, string[]>>,
): Promise<void> {
  const matches = Object.entries(targets)
    .filter(([, ids]) => ids && ids.length > 0)
    .map(([type, ids]) =>
      and(eq(sharedLinks.targetType, type as TargetType), inArray(sharedLinks.targetId, ids!)),
    );
  if (matches.length === 0) return;
  const revoked = await db
    .update(sharedLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(sharedLinks.brandspaceId, brandspaceId), isNull(sharedLinks.revokedAt), or(...matches)))
    .returning();
  for (const row of revoked) {
    await emit(db, {
      brandspaceId,
      type: "shared_link.deleted",
      actor: actors.system(),
      data: sharedLinkEventData(row),
    });
  }
}
