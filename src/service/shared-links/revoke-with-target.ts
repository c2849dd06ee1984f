import { and, eq, inArray, isNull } from "drizzle-orm";
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
  for (const [type, ids] of Object.entries(targets) as [TargetType, string[] | undefined][]) {
    // In slices: a library's files can be more ids than one statement may carry (65,535 parameters).
    for (let at = 0; ids && at < ids.length; at += SLICE) {
      const revoked = await db
        .update(sharedLinks)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sharedLinks.brandspaceId, brandspaceId),
            isNull(sharedLinks.revokedAt),
            eq(sharedLinks.targetType, type),
            inArray(sharedLinks.targetId, ids.slice(at, at + SLICE)),
          ),
        )
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
  }
}

const SLICE = 5_000;
