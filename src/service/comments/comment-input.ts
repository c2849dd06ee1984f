import { COMMENT_LIMITS } from "../../contract/comments.ts";
import type { FileRow } from "../files/files.repository.ts";
import { memberIdsAmong } from "../members/members.repository.ts";
import type { CallerContext } from "../platform/context.ts";
import { conflict, validationError } from "../platform/errors.ts";
import * as repo from "./comments.repository.ts";

/** Mentions name members of the brandspace; duplicates count once, in the order first given. */
export async function checkedMentions(
  ctx: CallerContext,
  mentions: string[] | null | undefined,
): Promise<string[]> {
  const unique = [...new Set(mentions ?? [])];
  const found = await memberIdsAmong(ctx.db, ctx.auth.brandspace.id, unique);
  const issues = (mentions ?? []).flatMap((id, i) =>
    found.has(id) ? [] : [{ param: `mentions.${i}`, message: "is not a member of this brandspace" }],
  );
  if (issues.length > 0) throw validationError(issues);
  return unique;
}

/** The version a new comment is on: the one named, which must be the file's, or the active one. */
export async function commentedVersion(
  ctx: CallerContext,
  file: FileRow,
  versionId: string | null | undefined,
) {
  // Comments are on a version of a file's content; a page is blocks with no versions.
  if (file.kind === "page") throw conflict("A page has no versions to comment on.");
  if (versionId != null) {
    await requireVersionOf(ctx, file.id, versionId);
    return versionId;
  }
  if (!file.activeVersionId)
    throw validationError([{ param: "version_id", message: "is required: the file has no active version" }]);
  return file.activeVersionId;
}

/** A `version_id` a comment names (sent or filtered on) must be one of the file's versions: else 400. */
export async function requireVersionOf(ctx: CallerContext, fileId: string, versionId: string) {
  if (!(await repo.isVersionOf(ctx.db, fileId, versionId)))
    throw validationError([{ param: "version_id", message: "is not a version of this file" }]);
}

/**
 * A playhead position, on video and audio; on other files it is kept as sent (the comment may time a moment the
 * file shows elsewhere, such as a slide in a reel).
 */
export function checkedTimestamp(timestampMs: number | null | undefined): number | null {
  if (timestampMs === undefined || timestampMs === null) return null;
  if (timestampMs > COMMENT_LIMITS.timestampMsMax)
    throw validationError([{ param: "timestamp_ms", message: "is past any playable position" }]);
  return timestampMs;
}
