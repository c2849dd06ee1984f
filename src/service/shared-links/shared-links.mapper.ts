import type { SharedLink } from "../../contract/sharing.ts";
import type { SharedLinkRow } from "./shared-links.repository.ts";

export const sharedLinkUrl = (visitorUrl: string, token: string) => `${visitorUrl}/s/${token}`;

export const linkExpired = (row: Pick<SharedLinkRow, "expiresAt">, now = new Date()) =>
  row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();

export function toSharedLink(row: SharedLinkRow, targetName: string | null, visitorUrl: string): SharedLink {
  return {
    object: "shared_link",
    id: row.id,
    url: sharedLinkUrl(visitorUrl, row.token),
    target: { type: row.targetType, id: row.targetId },
    target_name: targetName,
    access: row.access,
    password_protected: row.passwordHash !== null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    expired: linkExpired(row),
    anonymous_comments: row.anonymousComments,
    show_versions: row.showVersions,
    show_properties: row.showProperties,
    display_mode: row.displayMode,
    board_views: {
      default: row.boardViews.default as SharedLink["board_views"]["default"],
      allowed: row.boardViews.allowed as SharedLink["board_views"]["allowed"],
    },
    view_count: row.viewCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by_id: row.createdById,
  };
}

export const sharedLinkEventData = (row: SharedLinkRow) => ({
  object: "shared_link" as const,
  id: row.id,
  target: { type: row.targetType, id: row.targetId },
});
